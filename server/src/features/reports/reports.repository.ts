import { type SQL, sql } from 'drizzle-orm';
import { type Db, inBackground, takesOneQueryAtATime } from '../../db/client';
import { kindsMoving, type materials } from '../../db/schema';
import { counterEffect, kindIn, liveItemCount, queryRows, type RowOf, uuidIn } from '../../db/sql';
import type { ReportLine } from './reports.presenter';

/**
 * One store's materials over calendar days [start, end] in a time zone, from the ledger: the balance
 * before the first day (plus opening stock recorded inside the range), each kind of movement inside
 * it, and the balance at the end of the last day; the same for the stock's value, whose lines inside
 * the range count as value in (positive) or value out (negative). A material that did not exist by the end, or was
 * archived before the start without moving inside the range, is left out.
 *
 * Only movements from the start of the range on are read: the closing balance is the live counter
 * (and the closing value the material's stock value) minus what moved after the end (counters always equal their ledger, as every movement moves both
 * in one transaction), so a month-end report does not scan years of history.
 */
export async function buildStoreReport(db: Db, input: ReportInput): Promise<ReportLine[]> {
  if (takesOneQueryAtATime(db)) {
    const [live] = await queryRows<{ n: number }>(db, liveItemCount('material', null, input.storeId));
    if ((live?.n ?? 0) > REPORT_SLICE) return linesOf(db, input, await materialIdsInOrder(db, input.storeId));
  }
  return queryRows<ReportLine>(db, reportQuery(input));
}

/** A store report as it is kept: its lines, and the change version of every material of the store when it was read. */
export type KeptStoreReport = { lines: ReportLine[]; versions: Map<string, number> };

/**
 * A store report, brought up to date from the one kept (if any) rather than read whole again: only
 * the lines of materials whose change version moved are read (each movement, edit and archive
 * raises it), so a report asked for again after a few movements costs a few lines, not the store.
 * A change that would add, drop or reorder a line (a new or renamed material, a renamed store), or
 * more changes than REFRESH_LIMIT, reads the report whole.
 */
export async function buildOrRefreshStoreReport(db: Db, input: ReportInput, kept?: KeptStoreReport): Promise<KeptStoreReport> {
  // Read before the lines: a change in between is read with the lines and seen again next time.
  const versions = await findMaterialVersions(db, input.storeId);
  const changed = kept ? [...versions.keys()].filter((id) => kept.versions.get(id) !== versions.get(id)) : [];
  const sameMaterials = kept !== undefined && kept.versions.size === versions.size && changed.every((id) => kept.versions.has(id));
  if (kept && sameMaterials && changed.length <= REFRESH_LIMIT) {
    const lines = await linesOf(db, input, changed);
    const refreshed = patchLines(kept.lines, changed, lines);
    if (refreshed) return { lines: refreshed, versions };
  }
  return { lines: await buildStoreReport(db, input), versions };
}

const REFRESH_LIMIT = 500;

/** The kept lines with the changed materials' lines put in their places; null when a line would appear, go or move. */
function patchLines(kept: ReportLine[], changed: string[], lines: ReportLine[]): ReportLine[] | null {
  const fresh = new Map(lines.map((line) => [line.id, line]));
  const index = new Map(kept.map((line, at) => [line.id, at]));
  const patched = [...kept];
  for (const id of changed) {
    const at = index.get(id);
    const line = fresh.get(id);
    // Neither in the report before nor now: nothing to put in place.
    if (at === undefined && !line) continue;
    if (at === undefined || !line) return null;
    const old = patched[at] as ReportLine;
    if (old.name !== line.name || old.store_name !== line.store_name) return null;
    patched[at] = line;
  }
  return patched;
}

async function findMaterialVersions(db: Db, storeId: string): Promise<Map<string, number>> {
  const rows = await queryRows<Pick<RowOf<typeof materials>, 'id'> & { v: number }>(
    db,
    sql`select id, change_version as v from materials where store_id = ${storeId}`,
  );
  return new Map(rows.map((row) => [row.id, row.v]));
}

async function materialIdsInOrder(db: Db, storeId: string): Promise<string[]> {
  const rows = await queryRows<Pick<RowOf<typeof materials>, 'id'>>(
    db,
    sql`select id from materials where store_id = ${storeId} order by lower(name), id`,
  );
  return rows.map((row) => row.id);
}

/**
 * The report lines of some of a store's materials, in report order. The embedded database answers
 * one query at a time, so there they are read in slices of REPORT_SLICE materials: each slice is one
 * statement (every line consistent in itself), run as background work, and a stock movement waits
 * for one slice at most rather than for the whole report.
 */
async function linesOf(db: Db, input: ReportInput, ids: string[]): Promise<ReportLine[]> {
  if (ids.length === 0) return [];
  if (!takesOneQueryAtATime(db)) return queryRows<ReportLine>(db, sliceQuery(input, ids));
  const lines: ReportLine[] = [];
  for (let from = 0; from < ids.length; from += REPORT_SLICE) {
    const query = sliceQuery(input, ids.slice(from, from + REPORT_SLICE));
    lines.push(...(await inBackground(() => queryRows<ReportLine>(db, query))));
  }
  return lines;
}

function sliceQuery(input: ReportInput, ids: string[]): SQL {
  return reportQuery(input, { items: uuidIn(sql`m.id`, ids), movements: uuidIn(sql`mv.item_id`, ids) });
}

type ReportInput = { storeId: string; start: string; end: string; timeZone: string };
const REPORT_SLICE = 100;

/** Which movements fill which column, from the kinds' effects on the counters (MOVEMENT_EFFECTS). */
const available = counterEffect('available_quantity', 'mv');
const opening = kindIn(sql`mv.kind`, kindsMoving('total_quantity'));
const purchases = kindIn(sql`mv.kind`, kindsMoving('restocked_quantity'));
const transfers = kindIn(sql`mv.kind`, kindsMoving('transfer_quantity'));
const transfersIn = kindIn(sql`mv.kind`, kindsMoving('transferred_in_quantity'));
const transfersOut = kindIn(sql`mv.kind`, kindsMoving('transferred_out_quantity'));
const supplierReturns = kindIn(sql`mv.kind`, kindsMoving('returned_to_supplier_quantity'));
const issues = kindIn(sql`mv.kind`, kindsMoving('consumed_quantity'));
const returns = kindIn(sql`mv.kind`, kindsMoving('refund_quantity'));
const damages = kindIn(sql`mv.kind`, kindsMoving('damaged_quantity'));
const adjustments = kindIn(sql`mv.kind`, kindsMoving('adjusted_quantity'));
/** A line whose value the store holds: a loss in transit left the sender when the goods were dispatched. */
const holdsValue = sql`mv.kind <> 'transit_loss'`;

/** The statement of a store report, whole or for a slice of its materials. */
export function reportQuery(input: ReportInput, slice?: { items: SQL; movements: SQL }): SQL {
  // Written out where the ledger is read, not taken from `bounds`, so only the months from the start on are read.
  const startAt = sql`(${input.start}::date::timestamp at time zone ${input.timeZone})`;
  return sql`with bounds as (
          select ${startAt} as s,
                 ((${input.end}::date + 1)::timestamp at time zone ${input.timeZone}) as e
        ),
        recent as (
          select mv.item_id,
            coalesce(sum(${available}) filter (where mv.occurred_at >= b.e), 0) as after_end,
            coalesce(sum(${available}) filter (where mv.occurred_at < b.e and not ${opening}), 0) as period_net,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at < b.e and ${purchases}), 0) as purchases,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at < b.e and ${transfers}), 0) as transfers,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at < b.e and ${transfersIn}), 0) as transferred_in,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at < b.e and ${transfersOut}), 0) as transferred_out,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at < b.e and ${supplierReturns}), 0) as returned_to_supplier,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at < b.e and ${issues}), 0) as issued,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at < b.e and ${returns}), 0) as returned,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at < b.e and ${damages}), 0) as damaged,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at < b.e and ${adjustments}), 0) as adjusted,
            coalesce(sum(mv.value) filter (where mv.occurred_at >= b.e and ${holdsValue}), 0) as value_after_end,
            coalesce(sum(mv.value) filter (where mv.occurred_at < b.e and not ${opening} and ${holdsValue}), 0) as value_net,
            coalesce(sum(mv.value) filter (where mv.occurred_at < b.e and not ${opening} and ${holdsValue} and mv.value > 0), 0) as value_in,
            coalesce(-sum(mv.value) filter (where mv.occurred_at < b.e and not ${opening} and ${holdsValue} and mv.value < 0), 0) as value_out,
            max(mv.occurred_at) filter (where mv.occurred_at < b.e and ${purchases}) as restock_at,
            bool_or(mv.occurred_at < b.e) as moved_in_range
          from movements mv cross join bounds b
          -- A slice reads its materials' movements item by item (movements_item_time_idx), not the store's.
          where ${slice ? slice.movements : sql`mv.store_id = ${input.storeId}`} and mv.occurred_at >= ${startAt} and mv.item_kind = 'material'
          group by mv.item_id
        )
        select m.id, m.name, m.category_name, m.material_name, m.size, m.unit, m.remarks, st.name as store_name,
               m.available_quantity - coalesce(r.after_end, 0) - coalesce(r.period_net, 0) as opening,
               m.available_quantity - coalesce(r.after_end, 0) as closing,
               coalesce(r.purchases, 0) as purchases, coalesce(r.transfers, 0) as transfers,
               coalesce(r.transferred_in, 0) as transferred_in, coalesce(r.transferred_out, 0) as transferred_out,
               coalesce(r.returned_to_supplier, 0) as returned_to_supplier,
               coalesce(r.issued, 0) as issued, coalesce(r.returned, 0) as returned, coalesce(r.damaged, 0) as damaged,
               coalesce(r.adjusted, 0) as adjusted,
               (m.stock_value - coalesce(r.value_after_end, 0) - coalesce(r.value_net, 0))::numeric(20, 2)::text as opening_value,
               coalesce(r.value_in, 0)::numeric(20, 2)::text as value_in,
               coalesce(r.value_out, 0)::numeric(20, 2)::text as value_out,
               (m.stock_value - coalesce(r.value_after_end, 0))::numeric(20, 2)::text as closing_value,
               to_char(r.restock_at at time zone ${input.timeZone}, 'YYYY-MM-DD') as restock_day
        from materials m
        join stores st on st.id = m.store_id
        cross join bounds b
        left join recent r on r.item_id = m.id
        where m.store_id = ${input.storeId} ${slice ? sql`and ${slice.items}` : sql``}
          and (m.created_at < b.e or coalesce(r.moved_in_range, false) or item_moved_before(m.id, b.e))
          and (m.deleted_at is null or m.deleted_at >= b.s or coalesce(r.moved_in_range, false))
        order by lower(m.name), m.id`;
}

/**
 * Where a store's reports stand: its name and the sum of its materials' change versions. Every
 * movement, edit, remark, archive and new material raises that sum and nothing lowers it, so the same
 * position means the same report; it is read from the database, so it holds across processes.
 */
export async function findReportPosition(db: Db, storeId: string): Promise<string> {
  const [row] = await queryRows<{ position: string }>(
    db,
    sql`select s.name || '|' || coalesce((select sum(m.change_version) from materials m where m.store_id = s.id), 0)::text as position
        from stores s where s.id = ${storeId}`,
  );
  return row?.position ?? '';
}

/** Each material of a store that has a unit of this name (whatever its case): its name there and its factor. */
export function findUnitFactors(db: Db, storeId: string, unit: string): Promise<{ material_id: string; name: string; factor: string }[]> {
  return queryRows(
    db,
    sql`select u.material_id, u.name, u.factor::text as factor from material_units u join materials m on m.id = u.material_id
        where m.store_id = ${storeId} and lower(u.name) = lower(${unit})`,
  );
}
