import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/sql';

export type Backlog = { webhookDeliveries: number; notificationEmails: number; parkedOps: number };

/** What waits to be done, counted in one statement: webhook deliveries and emails still to send, phone ops parked for a person. */
export async function readBacklog(db: DbOrTx): Promise<Backlog> {
  const [row] = await queryRows<Backlog>(
    db,
    sql`select
      (select count(*) from webhook_deliveries where status = 'pending')::int as "webhookDeliveries",
      (select count(*) from notifications where mail_state = 'pending')::int as "notificationEmails",
      (select count(*) from sync_ops where state = 'parked')::int as "parkedOps"`,
  );
  return row ?? { webhookDeliveries: 0, notificationEmails: 0, parkedOps: 0 };
}
