import type { Attachment } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import { attachmentsOf } from '../../db/attachments-of';
import type { DbOrTx } from '../../db/client';
import type { ItemKind, materials, transferLines, transfers } from '../../db/schema';
import { queryRows, type RowOf, uuidIn } from '../../db/sql';

const TABLES: Record<ItemKind, SQL> = { material: sql`materials`, tool: sql`tools` };

export type TransferRow = Pick<
  RowOf<typeof transfers>,
  | 'id'
  | 'from_store_id'
  | 'to_store_id'
  | 'status'
  | 'request_id'
  | 'created_by'
  | 'created_at'
  | 'dispatched_by'
  | 'dispatched_at'
  | 'closed_by'
  | 'closed_at'
  | 'close_reason'
> & {
  from_store_name: string;
  to_store_name: string;
  created_by_name: string | null;
  dispatched_by_name: string | null;
  closed_by_name: string | null;
};

export type TransferLineRow = Pick<
  RowOf<typeof transferLines>,
  | 'id'
  | 'transfer_id'
  | 'item_kind'
  | 'from_item_id'
  | 'to_item_id'
  | 'name'
  | 'quantity'
  | 'received'
  | 'damaged'
  | 'lost'
  | 'counts_incoming'
> & { unit: string; decimals: number };

/** The stores a caller reaches, as a filter on a transfer's two stores. */
function touches(storeIds: string[] | null): SQL {
  if (storeIds === null) return sql`true`;
  return sql`(${uuidIn(sql`t.from_store_id`, storeIds)} or ${uuidIn(sql`t.to_store_id`, storeIds)})`;
}

const transferColumns = sql`t.id, t.from_store_id, fs.name as from_store_name, t.to_store_id, ts.name as to_store_name, t.status,
       t.request_id, t.created_by, cu.name as created_by_name, t.created_at, t.dispatched_by, du.name as dispatched_by_name,
       t.dispatched_at, t.closed_by, xu.name as closed_by_name, t.closed_at, t.close_reason`;
const transferJoins = sql`join stores fs on fs.id = t.from_store_id
       join stores ts on ts.id = t.to_store_id
       left join users cu on cu.id = t.created_by
       left join users du on du.id = t.dispatched_by
       left join users xu on xu.id = t.closed_by`;

/** A transfer one of whose stores the caller reaches; `lock` takes its row for an update. */
export async function findTransfer(db: DbOrTx, id: string, storeIds: string[] | null, lock = false): Promise<TransferRow | undefined> {
  const [row] = await queryRows<TransferRow>(
    db,
    sql`select ${transferColumns} from transfers t ${transferJoins}
        where t.id = ${id} and ${touches(storeIds)} ${lock ? sql`for update of t` : sql``}`,
  );
  return row;
}

export type TransferListQuery = {
  storeIds: string[] | null;
  storeId?: string;
  direction?: 'in' | 'out';
  status?: string;
  open?: 'in_transit' | 'written_off';
  limit: number;
  offset: number;
};

/** Transfers newest first, of the caller's stores, filtered by store, direction and status. */
export async function findTransfers(db: DbOrTx, query: TransferListQuery): Promise<{ rows: TransferRow[]; total: number }> {
  const filters: SQL[] = [touches(query.storeIds)];
  if (query.storeId) {
    if (query.direction === 'in') filters.push(sql`t.to_store_id = ${query.storeId}`);
    else if (query.direction === 'out') filters.push(sql`t.from_store_id = ${query.storeId}`);
    else filters.push(sql`(t.from_store_id = ${query.storeId} or t.to_store_id = ${query.storeId})`);
  } else if (query.direction && query.storeIds !== null) {
    filters.push(uuidIn(query.direction === 'in' ? sql`t.to_store_id` : sql`t.from_store_id`, query.storeIds));
  }
  if (query.status) filters.push(sql`t.status = ${query.status}`);
  if (query.open === 'in_transit') filters.push(sql`t.status in ('dispatched', 'partially_received')`);
  if (query.open === 'written_off') {
    filters.push(sql`exists (select 1 from transfer_lines l where l.transfer_id = t.id and l.lost > 0)`);
  }
  const rows = await queryRows<TransferRow & { total: number }>(
    db,
    sql`select ${transferColumns}, count(*) over ()::int as total from transfers t ${transferJoins}
        where ${sql.join(filters, sql` and `)}
        order by t.created_at desc, t.id limit ${query.limit} offset ${query.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The lines of some transfers, in the order they were added. */
export async function findTransferLines(db: DbOrTx, transferIds: string[]): Promise<TransferLineRow[]> {
  if (transferIds.length === 0) return [];
  return queryRows<TransferLineRow>(
    db,
    sql`select l.id, l.transfer_id, l.item_kind, l.from_item_id, l.to_item_id, l.name, coalesce(m.unit, '') as unit, l.quantity,
               l.received, l.damaged, l.lost, l.counts_incoming, least(coalesce(m.decimals, 0), coalesce(mt.decimals, 3)) as decimals
        from transfer_lines l
        left join materials m on l.item_kind = 'material' and m.id = l.from_item_id
        left join materials mt on l.item_kind = 'material' and mt.id = l.to_item_id
        where ${uuidIn(sql`l.transfer_id`, transferIds)}
        order by l.transfer_id, l.name, l.id`,
  );
}

/** Live items of a store, by id: their names, for the lines of a new transfer. */
export async function findStoreItems(db: DbOrTx, kind: ItemKind, storeId: string, ids: string[]) {
  return queryRows<Pick<RowOf<typeof materials>, 'id' | 'name'>>(
    db,
    sql`select id, name from ${TABLES[kind]} where ${uuidIn(sql`id`, ids)} and store_id = ${storeId} and deleted_at is null`,
  );
}

/** The live items of a store with these names (compared without case), by lower-case name. */
export async function findItemsByName(db: DbOrTx, kind: ItemKind, storeId: string, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await queryRows<Pick<RowOf<typeof materials>, 'id'> & { key: string }>(
    db,
    sql`select id, lower(name) as key from ${TABLES[kind]}
        where store_id = ${storeId} and deleted_at is null and lower(name) in (${sql.join(
          names.map((name) => sql`lower(${name})`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((row) => [row.key, row.id]));
}

export async function insertTransfer(
  tx: DbOrTx,
  input: { fromStoreId: string; toStoreId: string; requestId: string | null; createdBy: string },
): Promise<string> {
  const [row] = await queryRows<Pick<RowOf<typeof transfers>, 'id'>>(
    tx,
    sql`insert into transfers (from_store_id, to_store_id, request_id, created_by)
        values (${input.fromStoreId}, ${input.toStoreId}, ${input.requestId}, ${input.createdBy}) returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function insertTransferLines(
  tx: DbOrTx,
  transferId: string,
  lines: { itemKind: ItemKind; fromItemId: string; toItemId: string | null; name: string; quantity: number; countsIncoming: boolean }[],
): Promise<void> {
  await tx.execute(
    sql`insert into transfer_lines (transfer_id, item_kind, from_item_id, to_item_id, name, quantity, counts_incoming)
        values ${sql.join(
          lines.map(
            (line) =>
              sql`(${transferId}, ${line.itemKind}, ${line.fromItemId}, ${line.toItemId}, ${line.name}, ${line.quantity}, ${line.countsIncoming})`,
          ),
          sql`, `,
        )}`,
  );
}

/** Moves a transfer from one status to another, only if it is still in `from`; false when it was not. */
/** Who moved a transfer to a status, and when: dispatching stamps the sender, cancelling the closer. */
const STAMPS = {
  dispatched: (userId: string) => sql`, dispatched_by = ${userId}, dispatched_at = now()`,
  cancelled: (userId: string) => sql`, closed_by = ${userId}, closed_at = now()`,
} as const;

/** Moves a transfer from one of `from` to `to` in one conditional statement; false when it was in none of them. */
export async function changeStatus(
  tx: DbOrTx,
  id: string,
  from: readonly string[],
  to: keyof typeof STAMPS,
  userId: string,
): Promise<boolean> {
  const rows = await queryRows<Pick<RowOf<typeof transfers>, 'id'>>(
    tx,
    sql`update transfers set status = ${to} ${STAMPS[to](userId)}
        where id = ${id} and status in (${sql.join(
          from.map((status) => sql`${status}`),
          sql`, `,
        )}) returning id`,
  );
  return rows.length > 0;
}

/** A request's lines stop being open once its transfer is received, closed or cancelled. */
export async function closeRequestLines(tx: DbOrTx, transferId: string): Promise<void> {
  await tx.execute(
    sql`update stock_request_lines set is_open = false
        where is_open and request_id = (select request_id from transfers where id = ${transferId})`,
  );
}

/**
 * Adds a receipt to a line in one conditional statement: received and damaged grow only while
 * received + damaged + lost stays within what was sent, so two receipts at once cannot overfill it.
 */
export async function addReceipt(
  tx: DbOrTx,
  transferId: string,
  lineId: string,
  received: number,
  damaged: number,
): Promise<TransferLineRow | undefined> {
  const [row] = await queryRows<TransferLineRow>(
    tx,
    sql`update transfer_lines set received = received + ${received}::numeric, damaged = damaged + ${damaged}::numeric
        where id = ${lineId} and transfer_id = ${transferId} and received + damaged + lost + ${received}::numeric + ${damaged}::numeric <= quantity
        returning *`,
  );
  return row;
}

/** Writes off what is left in transit on every line of a transfer; the lines that had some. */
export async function writeOffRemaining(
  tx: DbOrTx,
  transferId: string,
  writeOff: { actorId: string; reason: string },
): Promise<{ to_item_id: string | null; counts_incoming: boolean; written_off: number }[]> {
  return queryRows(
    tx,
    sql`with before as (
          select id, quantity - received - damaged - lost as left_over, transit_value from transfer_lines
          where transfer_id = ${transferId} and received + damaged + lost < quantity for update
        ), written as (
          update transfer_lines l set lost = l.quantity - l.received - l.damaged, transit_value = 0
          from before b where l.id = b.id
          returning l.id, l.item_kind, l.from_item_id, l.to_item_id, l.counts_incoming, b.left_over as written_off, b.transit_value
        ), lost_value as (
          -- The value still on its way leaves the books as the sender's transit loss: money only, no stock.
          insert into movements (store_id, item_kind, item_id, kind, quantity, actor_id, reason, transfer_line_id, value)
          select t.from_store_id, 'material', w.from_item_id, 'transit_loss', 0, ${writeOff.actorId}, ${writeOff.reason}, w.id, -w.transit_value
          from written w join transfers t on t.id = ${transferId}
          where w.item_kind = 'material' and w.transit_value <> 0
        )
        select to_item_id, counts_incoming, written_off from written`,
  );
}

/** The receiving store's item for a line: its own of the same name, made like the sender's when it has none. */
export async function receivingItem(tx: DbOrTx, line: TransferLineRow, toStoreId: string): Promise<string> {
  const table = TABLES[line.item_kind];
  if (line.to_item_id) {
    const [live] = await queryRows<Pick<RowOf<typeof materials>, 'id'>>(
      tx,
      sql`select id from ${table} where id = ${line.to_item_id} and deleted_at is null`,
    );
    if (live) return live.id;
  }
  const copied =
    line.item_kind === 'material'
      ? sql`insert into materials (store_id, name, category_name, material_name, size, unit, decimals, tracks_expiry)
            select ${toStoreId}, name, category_name, material_name, size, unit, decimals, tracks_expiry from materials where id = ${line.from_item_id}`
      : sql`insert into tools (store_id, name) select ${toStoreId}, name from tools where id = ${line.from_item_id}`;
  const [made] = await queryRows<Pick<RowOf<typeof materials>, 'id'>>(
    tx,
    sql`${copied} on conflict (store_id, lower(name)) where deleted_at is null do nothing returning id`,
  );
  const id = made?.id ?? (await findItemsByName(tx, line.item_kind, toStoreId, [line.name])).get(line.name.toLowerCase());
  if (!id) throw new Error(`no receiving item for ${line.name}`);
  await tx.execute(sql`update transfer_lines set to_item_id = ${id} where id = ${line.id}`);
  return id;
}

/**
 * A transfer's status from its lines once something arrived: all accounted for (with or without a
 * shortfall), or partly. Closing it stamps who closed it, when and why in the same statement, so the
 * change reads as one closing (its webhook event is `transfer.closed`, not a receipt).
 */
export async function settleStatus(tx: DbOrTx, id: string, closing?: { userId: string; reason: string }): Promise<string> {
  const stamp = closing ? sql`, closed_by = ${closing.userId}, closed_at = now(), close_reason = ${closing.reason}` : sql``;
  const [row] = await queryRows<Pick<RowOf<typeof transfers>, 'status'>>(
    tx,
    sql`update transfers t set status = case
          when exists (select 1 from transfer_lines l where l.transfer_id = t.id and l.received + l.damaged + l.lost < l.quantity)
            then 'partially_received'
          when exists (select 1 from transfer_lines l where l.transfer_id = t.id and l.damaged + l.lost > 0)
            then 'received_with_discrepancy'
          else 'received' end${stamp}
        where t.id = ${id} returning t.status`,
  );
  return row?.status ?? '';
}

export type TransferHistoryRow = {
  id: string;
  kind: string;
  quantity: number;
  item_name: string;
  store_name: string;
  occurred_at: string | Date;
  actor_name: string | null;
  reason: string | null;
  attachments: Attachment[];
};

/** The ledger rows of a transfer's lines: dispatches, receipts and damage on arrival, oldest first. */
export async function findTransferHistory(db: DbOrTx, transferId: string): Promise<TransferHistoryRow[]> {
  return queryRows<TransferHistoryRow>(
    db,
    sql`select mv.id, mv.kind, mv.quantity, l.name as item_name, s.name as store_name, mv.occurred_at, u.name as actor_name, mv.reason,
               ${attachmentsOf(sql`mv.id`)} as attachments
        from transfer_lines l
        join movements mv on mv.transfer_line_id = l.id
        join stores s on s.id = mv.store_id
        left join users u on u.id = mv.actor_id
        where l.transfer_id = ${transferId}
        order by mv.recorded_at, case mv.kind when 'transfer_out' then 0 when 'store_transfer_in' then 1 else 2 end, mv.id`,
  );
}

/** A batch a transfer line sent, with how much of it the receiving store has taken in so far. */
export type SentBatchRow = { batch: string; expires_on: string | null; sent: number; received: number };

/**
 * The batches a material's transfer line left the sending store in, the soonest expiry first, each
 * with what its receipts have taken in under the same batch name.
 */
export function findSentBatches(db: DbOrTx, lineId: string): Promise<SentBatchRow[]> {
  return queryRows<SentBatchRow>(
    db,
    sql`select b.batch, b.expires_on::text as expires_on, sum(mv.quantity) as sent,
               coalesce((select sum(r.quantity) from movements r join material_batches rb on rb.id = r.batch_id
                         where r.transfer_line_id = ${lineId} and r.kind = 'store_transfer_in' and rb.batch = b.batch), 0) as received
        from movements mv join material_batches b on b.id = mv.batch_id
        where mv.transfer_line_id = ${lineId} and mv.kind = 'transfer_out'
        group by b.batch, b.expires_on
        order by b.expires_on nulls last, b.batch`,
  );
}
