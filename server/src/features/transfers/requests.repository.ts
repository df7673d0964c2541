import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { materials, stockRequestLines, stockRequests } from '../../db/schema';
import { queryRows, type RowOf, storeFilter, uuidIn } from '../../db/sql';

export type RequestRow = Pick<
  RowOf<typeof stockRequests>,
  'id' | 'store_id' | 'status' | 'created_by' | 'created_at' | 'decided_by' | 'decided_at' | 'reason' | 'transfer_id'
> & { store_name: string; created_by_name: string | null; decided_by_name: string | null };

export type RequestLineRow = Pick<RowOf<typeof stockRequestLines>, 'id' | 'request_id' | 'material_id' | 'quantity'> & {
  name: string;
  unit: string;
  decimals: number;
};

/** Past approval a request's state is its transfer's: approved while a draft, dispatched on the way, then received or cancelled. */
const derivedStatus = sql`case when r.status <> 'approved' then r.status
            when t.status = 'draft' then 'approved'
            when t.status in ('dispatched', 'partially_received') then 'dispatched'
            when t.status = 'cancelled' then 'cancelled'
            else 'received' end`;

const requestSelect = (
  extra: SQL = sql``,
) => sql`select r.id, r.store_id, s.name as store_name, ${derivedStatus} as status, r.created_by, cu.name as created_by_name,
       r.created_at, r.decided_by, du.name as decided_by_name, r.decided_at, r.reason, r.transfer_id ${extra}
       from stock_requests r
       join stores s on s.id = r.store_id
       left join transfers t on t.id = r.transfer_id
       left join users cu on cu.id = r.created_by
       left join users du on du.id = r.decided_by`;

export async function findRequest(db: DbOrTx, id: string, storeIds: string[] | null): Promise<RequestRow | undefined> {
  const [row] = await queryRows<RequestRow>(db, sql`${requestSelect()} where r.id = ${id} and ${storeFilter(storeIds, sql`r.store_id`)}`);
  return row;
}

export async function findRequests(
  db: DbOrTx,
  query: { storeIds: string[] | null; storeId?: string; status?: string; limit: number; offset: number },
): Promise<{ rows: RequestRow[]; total: number }> {
  const filters: SQL[] = [storeFilter(query.storeIds, sql`r.store_id`)];
  if (query.storeId) filters.push(sql`r.store_id = ${query.storeId}`);
  if (query.status) filters.push(sql`${derivedStatus} = ${query.status}`);
  const rows = await queryRows<RequestRow & { total: number }>(
    db,
    sql`${requestSelect(sql`, count(*) over ()::int as total`)}
        where ${sql.join(filters, sql` and `)}
        order by r.created_at desc, r.id limit ${query.limit} offset ${query.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findRequestLines(db: DbOrTx, requestIds: string[]): Promise<RequestLineRow[]> {
  if (requestIds.length === 0) return [];
  return queryRows<RequestLineRow>(
    db,
    sql`select l.id, l.request_id, l.material_id, m.name, m.unit, m.decimals, l.quantity
        from stock_request_lines l join materials m on m.id = l.material_id
        where ${uuidIn(sql`l.request_id`, requestIds)} order by l.request_id, lower(m.name), l.id`,
  );
}

/**
 * Locks a store's live materials named in a request, in id order, so two requests for the same
 * material at the same moment take turns; the ones found, with any open request line of theirs.
 */
export async function lockRequestedMaterials(tx: DbOrTx, storeId: string, ids: string[]) {
  const locked = await queryRows<Pick<RowOf<typeof materials>, 'id'>>(
    tx,
    sql`select id from materials where ${uuidIn(sql`id`, ids)} and store_id = ${storeId} and deleted_at is null
        order by id for update`,
  );
  if (locked.length === 0) return [];
  // Read after the locks, in a statement of its own: a request that held them committed before, and
  // its open lines are seen (a statement that waited for a lock still sees what was there when it began).
  const open = await queryRows<Pick<RowOf<typeof stockRequestLines>, 'material_id' | 'request_id'>>(
    tx,
    sql`select material_id, request_id from stock_request_lines
        where is_open and ${uuidIn(
          sql`material_id`,
          locked.map((row) => row.id),
        )}`,
  );
  const openIn = new Map(open.map((line) => [line.material_id, line.request_id]));
  return locked.map((row) => ({ id: row.id, open_request_id: openIn.get(row.id) ?? null }));
}

export async function insertRequest(
  tx: DbOrTx,
  storeId: string,
  createdBy: string,
  lines: { materialId: string; quantity: number }[],
): Promise<string> {
  const [row] = await queryRows<Pick<RowOf<typeof stockRequests>, 'id'>>(
    tx,
    sql`insert into stock_requests (store_id, created_by) values (${storeId}, ${createdBy}) returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  await tx.execute(
    sql`insert into stock_request_lines (request_id, material_id, quantity) values ${sql.join(
      lines.map((line) => sql`(${row.id}, ${line.materialId}, ${line.quantity})`),
      sql`, `,
    )}`,
  );
  return row.id;
}

/** Decides a submitted request (only while still submitted); false when it was not. */
export async function decideRequest(
  tx: DbOrTx,
  id: string,
  to: 'approved' | 'rejected' | 'cancelled',
  decidedBy: string,
  fields: { reason?: string; transferId?: string } = {},
): Promise<boolean> {
  const rows = await queryRows<Pick<RowOf<typeof stockRequests>, 'id'>>(
    tx,
    sql`update stock_requests set status = ${to}, decided_by = ${decidedBy}, decided_at = now(),
               reason = ${fields.reason ?? null}, transfer_id = ${fields.transferId ?? null}
        where id = ${id} and status = 'submitted' returning id`,
  );
  if (rows.length > 0 && to !== 'approved') {
    await tx.execute(sql`update stock_request_lines set is_open = false where request_id = ${id}`);
  }
  return rows.length > 0;
}

export async function linkTransfer(tx: DbOrTx, requestId: string, transferId: string): Promise<void> {
  await tx.execute(sql`update stock_requests set transfer_id = ${transferId} where id = ${requestId}`);
}
