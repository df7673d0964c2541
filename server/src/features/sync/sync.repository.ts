import type { Location, Role } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { materials, syncOps, users } from '../../db/schema';
import { occurredOn, queryPage, queryRows, type RowOf, storeFilter } from '../../db/sql';
import { quantityOf } from '../../lib/quantities';

/** A sync_ops row with its item's name and unit, its store's name and the names of who sent and resolved it. */
export type SyncOpRow = {
  id: string;
  user_id: string;
  op_id: string;
  fingerprint: string;
  store_id: string;
  store_name: string;
  kind: string;
  item_kind: 'material' | 'tool' | null;
  item_id: string | null;
  item_name: string | null;
  unit: string | null;
  /** numeric text, like `available` */
  quantity: string;
  reason: string;
  unit_cost: string | null;
  job_id: string | null;
  job_code: string | null;
  cost_code: string | null;
  captured_at: string | Date;
  worker_id: string | null;
  worker_name: string | null;
  unit_ids: string[] | null;
  due_at: string | null;
  location: Location | null;
  signature: string | null;
  batch: string | null;
  /** Read as text: a calendar day. */
  batch_expires_on: string | null;
  received_at: string | Date;
  state: 'applied' | 'parked' | 'discarded';
  code: string | null;
  message: string | null;
  available: string | null;
  movement_id: string | null;
  resolved_at: string | Date | null;
  resolved_by_name: string | null;
  discard_reason: string | null;
  user_name: string;
  purchase_order_id: string | null;
  order_number: number | null;
  receipt: StoredReceipt | null;
  /** A receipt's order lines, to name the lines it sent. */
  order_lines: { lineId: string; name: string; unit: string }[] | null;
  receipt_id: string | null;
};

/** A receipt op as kept: the day it names, its delivery note and its lines, as the phone sent them. */
export type StoredReceipt = {
  receivedAt: string;
  deliveryNote: string | null;
  lines: { lineId: string; received: number; damaged: number }[];
};

const selectOps = sql`select o.*, o.expires_on::text as batch_expires_on, s.name as store_name, u.name as user_name, r.name as resolved_by_name,
         coalesce(m.name, t.name) as item_name, coalesce(m.unit, '') as unit, wk.name as worker_name,
         j.code as job_code, po.number as order_number,
         case when o.purchase_order_id is not null then
           (select json_agg(json_build_object('lineId', l.id, 'name', lm.name, 'unit', lm.unit) order by l.position)
              from purchase_order_lines l join materials lm on lm.id = l.material_id
             where l.purchase_order_id = o.purchase_order_id)
         end as order_lines
  from sync_ops o
  join stores s on s.id = o.store_id
  join users u on u.id = o.user_id
  left join users r on r.id = o.resolved_by
  left join workers wk on wk.id = o.worker_id
  left join jobs j on j.id = o.job_id
  left join purchase_orders po on po.id = o.purchase_order_id
  left join materials m on o.item_kind = 'material' and m.id = o.item_id
  left join tools t on o.item_kind = 'tool' and t.id = o.item_id`;

/** A parked (or once parked) op of the caller's stores. */
export async function findParkedOp(db: DbOrTx, id: string, storeIds: string[] | null): Promise<SyncOpRow | undefined> {
  const [row] = await queryRows<SyncOpRow>(
    db,
    sql`${selectOps} where o.id = ${id} and o.code is not null and ${storeFilter(storeIds, sql`o.store_id`)}`,
  );
  return row;
}

/** The open parked ops of the caller's stores (of one store when given), oldest first, a page at a time. */
export async function findOpenParkedOps(db: DbOrTx, query: { storeIds: string[] | null; storeId?: string; limit: number; offset: number }) {
  const where = sql`o.state = 'parked' and ${storeFilter(query.storeIds, sql`o.store_id`)}
        ${query.storeId ? sql`and o.store_id = ${query.storeId}` : sql``}`;
  return queryPage<SyncOpRow>(db, {
    rows: () => sql`${selectOps} where ${where} order by o.received_at, o.captured_at, o.id limit ${query.limit} offset ${query.offset}`,
    count: sql`select count(*)::int as n from sync_ops o where ${where}`,
    limit: query.limit,
    offset: query.offset,
  });
}

/** What an op meets on arrival: an earlier sending of it, a single call that used its id as Idempotency-Key, and its item. */
export type OpContext = {
  stored: SyncOpRow | null;
  keyed: { fingerprint: string; movement_id: string | null; purchase_order_id: string | null } | null;
  item: { store_id: string; is_deleted: boolean } | null;
};

/** The op's item, or for a receipt its purchase order (never deleted). */
type OpRef = { opId: string; itemKind: 'material' | 'tool' | 'purchase_order'; itemId: string };

/**
 * Reads the context of a batch of ops in one round trip, by opId. The item is looked up in any store,
 * deleted or not.
 */
export async function findOpContexts(db: DbOrTx, userId: string, ops: OpRef[]): Promise<Map<string, OpContext>> {
  if (ops.length === 0) return new Map();
  const wanted = sql.join(
    ops.map((op) => sql`(${op.opId}::uuid, ${op.itemId}::uuid, ${op.itemKind}::text)`),
    sql`, `,
  );
  const itemOf = (table: string) =>
    sql`(select json_build_object('store_id', i.store_id, 'is_deleted', i.deleted_at is not null)
           from ${sql.identifier(table)} i where i.id = w.item_id)`;
  const rows = await queryRows<OpContext & { op_id: string }>(
    db,
    sql`select w.op_id::text as op_id,
          (select row_to_json(x) from (${selectOps} where o.user_id = ${userId} and o.op_id = w.op_id) x) as stored,
          (select json_build_object('fingerprint', k.fingerprint, 'movement_id', k.response->>'movementId',
                                    'purchase_order_id', k.response->'purchaseOrder'->>'_id')
             from idempotency_keys k where k.user_id = ${userId} and k.key = w.op_id::text) as keyed,
          case w.item_kind when 'material' then ${itemOf('materials')} when 'tool' then ${itemOf('tools')}
            else (select json_build_object('store_id', p.store_id, 'is_deleted', false) from purchase_orders p where p.id = w.item_id)
          end as item
        from (values ${wanted}) as w(op_id, item_id, item_kind)`,
  );
  return new Map(rows.map(({ op_id, ...context }) => [op_id, context]));
}

/** One op's context (see findOpContexts). */
export async function findOpContext(db: DbOrTx, userId: string, op: OpRef): Promise<OpContext> {
  return (await findOpContexts(db, userId, [op])).get(op.opId) as OpContext;
}

export type ParkedInsert = {
  userId: string;
  opId: string;
  fingerprint: string;
  storeId: string;
  kind: string;
  itemKind: string | null;
  itemId: string | null;
  quantity: number;
  reason: string;
  purchaseOrderId?: string;
  receipt?: StoredReceipt;
  unitCost: string | null;
  jobId: string | null;
  costCode: string | null;
  capturedAt: string;
  workerId: string | null;
  dueAt: string | null;
  /** A serial tool's units the op names. */
  unitIds?: string[] | null;
  location?: Location | null;
  signature?: string | null;
  batch?: string | null;
  expiresOn?: string | null;
  code: string;
  message: string;
  available: number | null;
};

/**
 * Parks an op unless its sender already has `max` open in that store; the sender's row is locked first
 * (in the caller's transaction), so two batches of one sender count one after the other. `full` when
 * the list was full; no id when the op was stored meanwhile.
 */
export async function insertParkedOpWithin(tx: DbOrTx, op: ParkedInsert, max: number): Promise<{ id?: string; isFull: boolean }> {
  await tx.execute(sql`select 1 from users where id = ${op.userId} for no key update`);
  const [open] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from sync_ops where user_id = ${op.userId} and store_id = ${op.storeId} and state = 'parked'`,
  );
  if ((open?.n ?? 0) >= max) return { isFull: true };
  return { id: await insertParkedOp(tx, op), isFull: false };
}

async function insertParkedOp(db: DbOrTx, op: ParkedInsert): Promise<string | undefined> {
  const [row] = await queryRows<Pick<RowOf<typeof syncOps>, 'id'>>(
    db,
    sql`insert into sync_ops (user_id, op_id, fingerprint, store_id, kind, item_kind, item_id, quantity, reason, unit_cost, job_id, cost_code,
                              captured_at, worker_id, due_at, purchase_order_id, receipt, state, code, message, available, unit_ids,
                              location, signature, batch, expires_on)
        values (${op.userId}, ${op.opId}, ${op.fingerprint}, ${op.storeId}, ${op.kind}, ${op.itemKind}, ${op.itemId}::uuid, ${op.quantity},
                ${op.reason}, ${op.unitCost}::numeric, ${op.jobId}::uuid, ${op.costCode}, ${op.capturedAt}::timestamptz, ${op.workerId}, ${op.dueAt},
                ${op.purchaseOrderId ?? null}::uuid, ${op.receipt ? JSON.stringify(op.receipt) : null}::jsonb, 'parked', ${op.code},
                ${op.message}, ${op.available}, ${op.unitIds ? `{${op.unitIds.join(',')}}` : null}::uuid[],
                ${op.location ? JSON.stringify(op.location) : null}::jsonb, ${op.signature ?? null}::uuid,
                ${op.batch ?? null}, ${op.expiresOn ?? null}::date)
        on conflict (user_id, op_id) do nothing
        returning id`,
  );
  return row?.id;
}

/**
 * Ends a parked op, only while it is still open (a conditional UPDATE: of two people resolving it at
 * once, one does); whether this call ended it.
 */
export async function closeParkedOp(
  tx: DbOrTx,
  id: string,
  end: { state: 'applied' | 'discarded'; by: string; movementId?: string; receiptId?: string; reason?: string },
): Promise<boolean> {
  const rows = await queryRows<Pick<RowOf<typeof syncOps>, 'id'>>(
    tx,
    sql`update sync_ops set state = ${end.state}, resolved_at = now(), resolved_by = ${end.by},
               movement_id = ${end.movementId ?? null}, receipt_id = ${end.receiptId ?? null}, discard_reason = ${end.reason ?? null}
        where id = ${id} and state = 'parked'
        returning id`,
  );
  return rows.length > 0;
}

/** A receipt op recorded as it arrived: a replay of its opId finds this row. */
export async function insertAppliedReceiptOp(
  tx: DbOrTx,
  op: { userId: string; opId: string; fingerprint: string; storeId: string; purchaseOrderId: string; quantity: number; capturedAt: string },
  receipt: StoredReceipt,
  receiptId: string,
): Promise<void> {
  await tx.execute(
    sql`insert into sync_ops (user_id, op_id, fingerprint, store_id, kind, quantity, captured_at, purchase_order_id, receipt, receipt_id, state)
        values (${op.userId}, ${op.opId}, ${op.fingerprint}, ${op.storeId}, 'po-receipt', ${op.quantity}, ${op.capturedAt}::timestamptz,
                ${op.purchaseOrderId}, ${JSON.stringify(receipt)}::jsonb, ${receiptId}, 'applied')`,
  );
}

/** An item's available quantity now, to tell a parked op's keeper how much could be moved. */
export async function findAvailable(db: DbOrTx, itemKind: 'material' | 'tool', id: string): Promise<number | undefined> {
  const table = sql.identifier(itemKind === 'tool' ? 'tools' : 'materials');
  const [row] = await queryRows<Pick<RowOf<typeof materials>, 'available_quantity'>>(
    db,
    sql`select available_quantity from ${table} where id = ${id}`,
  );
  return row ? quantityOf(row.available_quantity) : undefined;
}

/** Whether the person who captured an op may still record in its store: live, and an admin or assigned to it. */
export async function mayStillRecord(db: DbOrTx, userId: string, storeId: string): Promise<{ mayRecord: boolean; role: Role | null }> {
  const [row] = await queryRows<Pick<RowOf<typeof users>, 'role'> & { is_assigned: boolean }>(
    db,
    sql`select u.role, exists (select 1 from user_stores us where us.user_id = u.id and us.store_id = ${storeId}) as is_assigned
        from users u where u.id = ${userId} and u.deleted_at is null`,
  );
  if (!row) return { mayRecord: false, role: null };
  return { mayRecord: row.role === 'admin' || (row.role === 'user' && row.is_assigned), role: row.role as Role };
}

/** The instant a movement recorded on a calendar day takes: now for today, midday of an earlier day. */
export async function instantOfDay(db: DbOrTx, day: string, timeZone: string): Promise<string> {
  const [row] = await queryRows<{ at: string | Date }>(db, sql`select ${occurredOn(day, timeZone)} as at`);
  return new Date(row?.at ?? Date.now()).toISOString();
}

/**
 * The ledger lines an op of the phone became: its movement, or each delivery line of the receipt it
 * recorded (by sync, or by a single call under the op's id); with the op's state when it was synced.
 */
export async function findOpLines(
  db: DbOrTx,
  userId: string,
  opId: string,
): Promise<{ movementIds: string[]; state: string | null } | undefined> {
  const [row] = await queryRows<{ movementId: string | null; receiptId: string | null; state: string | null }>(
    db,
    sql`select coalesce(o.movement_id, (k.response->>'movementId')::uuid) as "movementId",
               coalesce(o.receipt_id, (k.response->>'receiptId')::uuid) as "receiptId", o.state
        from (select 1) as one
        left join sync_ops o on o.user_id = ${userId} and o.op_id = ${opId}
        left join idempotency_keys k on k.user_id = ${userId} and k.key = ${opId}::text
        where o.id is not null or k.response->>'movementId' is not null or k.response->>'receiptId' is not null`,
  );
  if (!row) return undefined;
  if (!row.receiptId) return { movementIds: row.movementId ? [row.movementId] : [], state: row.state };
  const lines = await queryRows<{ id: string }>(
    db,
    sql`select mv.id from purchase_receipt_lines rl
        join deliveries d on d.id = rl.delivery_id
        join movements mv on mv.store_id = d.store_id and mv.item_id = d.material_id and mv.delivery_id = d.id and mv.kind = 'delivery'
        where rl.receipt_id = ${row.receiptId}
        order by mv.id`,
  );
  return { movementIds: lines.map((line) => line.id), state: row.state };
}
