import { NOTIFICATION_NOT_FOUND, type NotificationListResponse } from '@stockyard/contract';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { findNotifications, markRead } from './notifications.repository';
import { presentNotification } from './replenishment.presenter';

export { notifyAdmins, notifyStore } from './notifications.repository';

export async function listNotifications(db: DbOrTx, auth: AuthContext): Promise<NotificationListResponse> {
  const { rows, unread } = await findNotifications(db, auth.userId, 50);
  return {
    unread,
    notifications: rows.map(presentNotification),
  };
}

export async function readNotification(db: DbOrTx, auth: AuthContext, id: string | null): Promise<void> {
  if (!(await markRead(db, auth.userId, id))) throw new AppError('not_found', NOTIFICATION_NOT_FOUND);
}
