import type { WebhookDeliveryStatus, WebhookEventType } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { webhooks } from '../../db/schema';
import { queryPage, queryRows, type RowOf } from '../../db/sql';

export type WebhookRow = Pick<
  RowOf<typeof webhooks>,
  'id' | 'url' | 'events' | 'enabled' | 'disabled_at' | 'disabled_reason' | 'created_at' | 'updated_at'
> & { pending: number };

const COLUMNS = sql`w.id, w.url, w.events, w.enabled, w.disabled_at, w.disabled_reason, w.created_at, w.updated_at,
  (select count(*)::int from webhook_deliveries d where d.webhook_id = w.id and d.status = 'pending') as pending`;

/** The events as a text[] literal of bound values. */
function eventArray(events: WebhookEventType[]): SQL {
  return sql`array[${sql.join(
    events.map((event) => sql`${event}`),
    sql`, `,
  )}]::text[]`;
}

export type WebhookFields = { url: string; events: WebhookEventType[]; secret: string };

/** Serialises changes to the set of webhooks, so the limit on their number holds. */
export async function lockWebhooks(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhooks'))`);
}

export async function countWebhooks(tx: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from webhooks`);
  return row?.n ?? 0;
}

export async function insertWebhook(tx: DbOrTx, fields: WebhookFields, createdBy: string): Promise<WebhookRow> {
  const [row] = await queryRows<WebhookRow>(
    tx,
    sql`with w as (
          insert into webhooks (url, events, secret, created_by)
          values (${fields.url}, ${eventArray(fields.events)}, ${fields.secret}, ${createdBy}) returning *
        )
        select w.id, w.url, w.events, w.enabled, w.disabled_at, w.disabled_reason, w.created_at, w.updated_at, 0 as pending from w`,
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changes the fields given; switching it on clears why it was switched off. */
export async function updateWebhookRow(
  tx: DbOrTx,
  id: string,
  fields: Partial<WebhookFields> & { enabled?: boolean | undefined },
): Promise<WebhookRow | undefined> {
  const events = fields.events ? eventArray(fields.events) : sql`events`;
  const [updated] = await queryRows<{ id: string }>(
    tx,
    sql`update webhooks set
          url = coalesce(${fields.url ?? null}, url),
          events = ${events},
          secret = coalesce(${fields.secret ?? null}, secret),
          enabled = coalesce(${fields.enabled ?? null}::boolean, enabled),
          disabled_at = case when ${fields.enabled === true} then null else disabled_at end,
          disabled_reason = case when ${fields.enabled === true} then null else disabled_reason end,
          updated_at = now()
        where id = ${id} returning id`,
  );
  return updated ? findWebhook(tx, id) : undefined;
}

/** Deletes a webhook with its deliveries and their tries; the events stay for any other webhook. */
export async function deleteWebhookRow(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(tx, sql`delete from webhooks where id = ${id} returning id`);
  return rows.length > 0;
}

export async function findWebhook(db: DbOrTx, id: string): Promise<WebhookRow | undefined> {
  const [row] = await queryRows<WebhookRow>(db, sql`select ${COLUMNS} from webhooks w where w.id = ${id}`);
  return row;
}

export async function findWebhooks(db: DbOrTx): Promise<WebhookRow[]> {
  return queryRows<WebhookRow>(db, sql`select ${COLUMNS} from webhooks w order by w.created_at, w.id`);
}

export type DeliveryRow = {
  id: string;
  event_id: string;
  type: WebhookEventType;
  occurred_at: string | Date;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | Date;
  delivered_at: string | Date | null;
  tries: { at: string; status_code: number | null; answer: string | null; error: string | null; duration_ms: number }[];
};

/** A webhook's deliveries, newest event first, each with its tries in the order they were made. */
export async function findDeliveryPage(
  db: DbOrTx,
  webhookId: string,
  query: { status?: WebhookDeliveryStatus | undefined; limit: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const status = query.status ? sql` and d.status = ${query.status}` : sql``;
  return queryPage<DeliveryRow>(db, {
    rows: (total) =>
      sql`select d.id, d.event_id, e.type, e.occurred_at, d.status, d.attempts, d.next_attempt_at, d.delivered_at, ${total} as page_total,
                 coalesce((select json_agg(json_build_object('at', a.attempted_at, 'status_code', a.status_code, 'answer', a.answer,
                                                             'error', a.error, 'duration_ms', a.duration_ms) order by a.attempted_at, a.id)
                           from webhook_attempts a where a.delivery_id = d.id), '[]'::json) as tries
          from webhook_deliveries d join webhook_events e on e.id = d.event_id
          where d.webhook_id = ${webhookId}${status}
          order by d.event_seq desc, d.id desc limit ${query.limit} offset ${query.offset}`,
    count: sql`select count(*)::int as n from webhook_deliveries d where d.webhook_id = ${webhookId}${status}`,
    limit: query.limit,
    offset: query.offset,
  });
}

/** Sends a delivery again, with its event's id: pending and due now, whatever it was. */
export async function requeueDelivery(tx: DbOrTx, webhookId: string, deliveryId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update webhook_deliveries set status = 'pending', next_attempt_at = now(), failing_since = null, delivered_at = null
        where id = ${deliveryId} and webhook_id = ${webhookId} returning id`,
  );
  return rows.length > 0;
}

export type DueDelivery = {
  id: string;
  webhook_id: string;
  url: string;
  secret: string;
  attempts: number;
  failing_since: string | Date | null;
  event_id: string;
  type: WebhookEventType;
  store_id: string | null;
  occurred_at: string | Date;
  data: Record<string, unknown>;
};

/**
 * Leases deliveries that are due, each the first pending one of its item for its webhook (a later
 * event waits while an earlier one is retried), by moving their next try past the lease: a process
 * that dies while sending leaves them to be sent again once the lease ends. Rows another process is
 * leasing at this moment are skipped.
 */
export async function leaseDueDeliveries(db: DbOrTx, limit: number, leaseSeconds: number): Promise<DueDelivery[]> {
  return queryRows<DueDelivery>(
    db,
    sql`with due as (
          select d.id from webhook_deliveries d
          join webhooks w on w.id = d.webhook_id and w.enabled
          where d.status = 'pending' and d.next_attempt_at <= now()
            and not exists (select 1 from webhook_deliveries e
                            where e.webhook_id = d.webhook_id and e.item_key = d.item_key and e.status = 'pending' and e.event_seq < d.event_seq)
          order by d.event_seq limit ${limit}
          for update of d skip locked
        )
        update webhook_deliveries d set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        from due, webhooks w, webhook_events e
        where d.id = due.id and w.id = d.webhook_id and e.id = d.event_id
        returning d.id, d.webhook_id, w.url, w.secret, d.attempts, d.failing_since, e.id as event_id, e.type, e.store_id, e.occurred_at, e.data`,
  );
}

export type TryRecord = { statusCode: number | null; answer: string | null; error: string | null; durationMs: number };

/** Keeps a try on the delivery's record. */
export async function insertAttempt(db: DbOrTx, deliveryId: string, outcome: TryRecord): Promise<void> {
  await db.execute(
    sql`insert into webhook_attempts (delivery_id, status_code, answer, error, duration_ms)
        values (${deliveryId}, ${outcome.statusCode}, ${outcome.answer}, ${outcome.error}, ${outcome.durationMs})`,
  );
}

export async function markDelivered(db: DbOrTx, deliveryId: string): Promise<void> {
  await db.execute(
    sql`update webhook_deliveries set status = 'delivered', attempts = attempts + 1, delivered_at = now(), failing_since = null
        where id = ${deliveryId}`,
  );
}

/**
 * A failed try: retried after `retryMs`, or given up (failed) once it has failed for `giveUpMs`.
 * Answers whether it gave up.
 */
export async function markTryFailed(db: DbOrTx, deliveryId: string, retryMs: number, giveUpMs: number): Promise<boolean> {
  const [row] = await queryRows<{ status: WebhookDeliveryStatus }>(
    db,
    sql`update webhook_deliveries set
          attempts = attempts + 1,
          failing_since = coalesce(failing_since, now()),
          status = case when coalesce(failing_since, now()) <= now() - make_interval(secs => ${giveUpMs / 1000}) then 'failed' else 'pending' end,
          next_attempt_at = now() + make_interval(secs => ${retryMs / 1000})
        where id = ${deliveryId} returning status`,
  );
  return row?.status === 'failed';
}

/** Switches a webhook off, once; answers its URL when this call did it. */
export async function disableWebhook(tx: DbOrTx, webhookId: string, reason: string): Promise<string | undefined> {
  const [row] = await queryRows<{ url: string }>(
    tx,
    sql`update webhooks set enabled = false, disabled_at = now(), disabled_reason = ${reason}, updated_at = now()
        where id = ${webhookId} and enabled returning url`,
  );
  return row?.url;
}

/**
 * Custody records that have just become overdue with tools still out, each noted once (a
 * conditional update, so of several processes one notes it), with a `custody.overdue` event.
 */
export async function noteOverdueCustody(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with due as (
          update custody c set overdue_noted_at = now()
          where c.outstanding > 0 and c.due_at < now() and c.overdue_noted_at is null
          returning c.*
        )
        select count(emit_webhook_event('custody.overdue', due.store_id, due.tool_id::text, to_jsonb(due)))::int as n from due`,
  );
  return row?.n ?? 0;
}
