import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The tables whose rows carry an email to send: `mail_state`, `mail_attempts`, `mail_next_at`. */
export type MailTable = 'notifications' | 'purchase_orders';

export function markMailSent(db: DbOrTx, table: MailTable, id: string) {
  return db.execute(sql`update ${sql.identifier(table)} set mail_state = 'sent', mail_attempts = mail_attempts + 1 where id = ${id}`);
}

/** A failed try: the next one after `retryInMs`, or none (failed) once `maxAttempts` were made. */
export function markMailFailed(db: DbOrTx, table: MailTable, id: string, retryInMs: number, maxAttempts: number) {
  return db.execute(
    sql`update ${sql.identifier(table)}
        set mail_attempts = mail_attempts + 1,
            mail_state = case when mail_attempts + 1 >= ${maxAttempts} then 'failed' else 'pending' end,
            mail_next_at = now() + make_interval(secs => ${retryInMs / 1000})
        where id = ${id}`,
  );
}
