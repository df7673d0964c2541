import { DEFAULT_LANGUAGE, noticeMail, noticeText } from '@stockyard/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { leasePendingMail, markMailFailed, markMailSent, type PendingMail } from './notifications.repository';

export type MailSettings = {
  /** SMTP_URL, e.g. smtp://user:password@mail.example.com:587 (smtps:// for TLS from the start). */
  smtpUrl: string;
  /** MAIL_FROM: the sender the emails show. */
  from: string;
  /** How often to look for notifications to mail. */
  pollMs?: number;
  /** The wait before the first retry; each further retry waits twice as long. */
  retryBaseMs?: number;
  maxAttempts?: number;
};

const BATCH = 20;
const LEASE_SECONDS = 120;

/** The back-off before try `attempt + 1`: base, 2 × base, 4 × base… capped at an hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(attempt - 1, 0), 3_600_000);
}

/** The email of a notification, in the language its recipient saved (English until they choose one). */
function messageOf(mail: PendingMail, from: string) {
  const language = mail.language ?? DEFAULT_LANGUAGE;
  const { subject, screen } = noticeMail(language, mail.kind, mail.store_name);
  const said = mail.code ? noticeText(language, mail.code, mail.params) : (mail.text ?? '');
  return { from, to: { name: mail.name, address: mail.email }, subject, text: `${said}\n\n${screen}\n` };
}

/**
 * Emails each new notification to its user, after the movement that made it committed: the
 * movement only writes the notification, and this loop, outside any request, sends what is due. A
 * mail server that is down or refuses costs the movement nothing; the email is tried again with
 * back-off and, after the last try, marked failed. Every failure is logged. Returns a stop function.
 */
export function startNotificationMail(db: Db, settings: MailSettings, log: FastifyBaseLogger): () => Promise<void> {
  const transport = nodemailer.createTransport(settings.smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  const pollMs = settings.pollMs ?? 2000;
  const retryBaseMs = settings.retryBaseMs ?? 30_000;
  const maxAttempts = settings.maxAttempts ?? 8;
  let isStopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  async function sendDue(): Promise<void> {
    const due = await leasePendingMail(db, BATCH, LEASE_SECONDS);
    for (const mail of due) {
      if (isStopped) return;
      try {
        await transport.sendMail(messageOf(mail, settings.from));
        await markMailSent(db, mail.id);
      } catch (error) {
        const attempt = mail.mail_attempts + 1;
        await markMailFailed(db, mail.id, retryDelayMs(attempt, retryBaseMs), maxAttempts);
        log.warn(
          { err: error, notificationId: mail.id, attempt, willRetry: attempt < maxAttempts },
          'A notification email could not be sent',
        );
      }
    }
  }

  const tick = () => {
    running = sendDue()
      .catch((error) => log.warn({ err: error }, 'Notification emails could not be read'))
      .finally(() => {
        if (!isStopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, pollMs);

  return async () => {
    isStopped = true;
    clearTimeout(timer);
    await running;
    transport.close();
  };
}
