import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Db } from '../../db/client';
import { type MailTable, markMailFailed, markMailSent } from './mail-queue.repository';

export type MailSettings = {
  /** SMTP_URL, e.g. smtp://user:password@mail.example.com:587 (smtps:// for TLS from the start). */
  smtpUrl: string;
  /** MAIL_FROM: the sender the emails show. */
  from: string;
  /** How often to look for emails to send. */
  pollMs?: number;
  /** The wait before the first retry; each further retry waits twice as long. */
  retryBaseMs?: number;
  maxAttempts?: number;
};

/** The back-off before try `attempt + 1`: base, 2 × base, 4 × base… capped at an hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(attempt - 1, 0), 3_600_000);
}

/**
 * What one kind of email needs: the table whose rows carry it (`mail_state`, `mail_attempts`,
 * `mail_next_at`), its rows due (leased, so another process skips them) and each one's message.
 */
export type MailQueue<T extends { id: string; mail_attempts: number }> = {
  /** What is mailed, for the log ("notification", "purchase order"). */
  what: string;
  table: MailTable;
  leaseDue: () => Promise<T[]>;
  messageOf: (row: T, from: string) => Promise<Mail.Options> | Mail.Options;
};

/**
 * Sends the emails a queue holds, outside any request and after what made them committed: a mail
 * server that is down or refuses costs the user's action nothing; an email is tried again with
 * back-off and, after the last try, marked failed. Every failure is logged. Returns a stop function.
 */
export function startMailLoop<T extends { id: string; mail_attempts: number }>(
  db: Db,
  settings: MailSettings,
  log: FastifyBaseLogger,
  queue: MailQueue<T>,
): () => Promise<void> {
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
    for (const row of await queue.leaseDue()) {
      if (isStopped) return;
      try {
        await transport.sendMail(await queue.messageOf(row, settings.from));
        await markMailSent(db, queue.table, row.id);
      } catch (error) {
        const attempt = row.mail_attempts + 1;
        await markMailFailed(db, queue.table, row.id, retryDelayMs(attempt, retryBaseMs), maxAttempts);
        log.warn({ err: error, id: row.id, attempt, willRetry: attempt < maxAttempts }, `A ${queue.what} email could not be sent`);
      }
    }
  }

  const tick = () => {
    running = sendDue()
      .catch((error) => log.warn({ err: error }, `${queue.what} emails could not be read`))
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
