import { DEFAULT_LANGUAGE, noticeMail, noticeText } from '@stockyard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type MailSettings, startMailLoop } from '../../lib/mail/mail-loop';
import { leasePendingMail, type PendingMail } from './notifications.repository';

const BATCH = 20;
const LEASE_SECONDS = 120;

/** The email of a notification, in the language its recipient saved (English until they choose one). */
function messageOf(mail: PendingMail, from: string) {
  const language = mail.language ?? DEFAULT_LANGUAGE;
  const { subject, screen } = noticeMail(language, mail.kind, mail.store_name);
  const said = mail.code ? noticeText(language, mail.code, mail.params) : (mail.text ?? '');
  return { from, to: { name: mail.name, address: mail.email }, subject, text: `${said}\n\n${screen}\n` };
}

/**
 * Emails each new notification to its user, after the movement that made it committed: the
 * movement only writes the notification, and this loop sends what is due (see startMailLoop).
 */
export function startNotificationMail(db: Db, settings: MailSettings, log: FastifyBaseLogger): () => Promise<void> {
  return startMailLoop(db, settings, log, {
    what: 'notification',
    table: 'notifications',
    leaseDue: () => leasePendingMail(db, BATCH, LEASE_SECONDS),
    messageOf,
  });
}
