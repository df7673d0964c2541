import { NOTIFICATION_NOT_FOUND, type NotificationListResponse } from '@stockyard/contract';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { findNotifications, markRead } from './notifications.repository';

export { notifyStore } from './notifications.repository';

export async function listNotifications(db: DbOrTx, auth: AuthContext): Promise<NotificationListResponse> {
  const { rows, unread } = await findNotifications(db, auth.userId, 50);
  return {
    unread,
    notifications: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      text: row.text,
      store: row.store_id ? { _id: row.store_id, name: row.store_name ?? '' } : null,
      materialId: row.material_id,
      createdAt: new Date(row.created_at).toISOString(),
      read: row.read_at !== null,
    })),
  };
}

export async function readNotification(db: DbOrTx, auth: AuthContext, id: string | null): Promise<void> {
  if (!(await markRead(db, auth.userId, id))) throw new AppError('not_found', NOTIFICATION_NOT_FOUND);
}
