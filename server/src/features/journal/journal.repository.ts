import { type AccountSettings, DEFAULT_ACCOUNTS, type JournalAccount, type MovementKind } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/sql';

/**
 * Where the other side of a material's ledger line posts, by its kind; the first side is always the
 * store's Inventory (a transit write-off's is Goods in transit). A reversal carries the opposite value
 * of the line it undoes, so it posts to the same accounts the other way round.
 */
export const CONTRA_ACCOUNT: Record<MovementKind, JournalAccount> = {
  opening: 'openingBalances',
  purchase: 'goodsReceivedNotInvoiced',
  delivery: 'goodsReceivedNotInvoiced',
  transfer_in: 'goodsReceivedNotInvoiced',
  issue: 'jobCost',
  return: 'jobCost',
  damage: 'wastage',
  adjustment: 'inventoryAdjustment',
  revaluation: 'inventoryAdjustment',
  transfer_out: 'goodsInTransit',
  store_transfer_in: 'goodsInTransit',
  supplier_return: 'goodsReceivedNotInvoiced',
  transit_loss: 'wastage',
  // Tools carry no value: their lines never reach the journal.
  checkout: 'jobCost',
  checkin: 'jobCost',
  damaged_return: 'wastage',
  loss: 'wastage',
  service_hold: 'inventoryAdjustment',
  service_release: 'inventoryAdjustment',
  retirement: 'wastage',
  damaged_retirement: 'wastage',
};

const contraAccountOf = sql.raw(
  `case l.kind ${Object.entries(CONTRA_ACCOUNT)
    .map(([kind, account]) => `when '${kind}' then '${account}'`)
    .join(' ')} end`,
);

export type JournalPeriod = { from: string; to: string; timeZone: string };

/**
 * One side of a double entry, signed: a positive amount is a debit, a negative one a credit. Every
 * source row gives sides that sum to zero.
 */
export type JournalEntryRow = {
  day: string;
  store_name: string;
  account: JournalAccount;
  amount: string;
  job_code: string | null;
  cost_code: string | null;
  /** A ledger line's kind, or null for an invoice's approval. */
  kind: MovementKind | null;
  is_reversal: boolean;
  quantity: number | null;
  item_name: string | null;
  unit: string | null;
  /** The movement's id, or the invoice's number and supplier. */
  reference: string;
};

const startOf = (period: JournalPeriod) => sql`(${period.from}::date::timestamp at time zone ${period.timeZone})`;
const endOf = (period: JournalPeriod) => sql`((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`;
const dayOf = (column: SQL, period: JournalPeriod) => sql`to_char(${column} at time zone ${period.timeZone}, 'YYYY-MM-DD')`;

/**
 * Every side of every entry of the period, in a fixed order (day, time, source, side): material ledger
 * lines with a value, and the lines of invoices approved in it. An invoice line debits Goods received
 * not invoiced at what was received (its quantity at the order's cost), credits the supplier's payable
 * at what was invoiced, and puts the difference to Purchase price variance.
 */
export function findJournalEntries(db: DbOrTx, period: JournalPeriod): Promise<JournalEntryRow[]> {
  return queryRows<JournalEntryRow>(
    db,
    sql`with lines as (
          select l.id, l.occurred_at, l.store_id, l.kind, l.value, l.quantity, l.item_id, l.job_id, l.cost_code_id, l.reverses_id
          from movements l
          where l.item_kind = 'material' and l.value <> 0 and l.occurred_at >= ${startOf(period)} and l.occurred_at < ${endOf(period)}
        ), ledger_sides as (
          select l.*, case when l.kind = 'transit_loss' then 'goodsInTransit' else 'inventory' end as account, l.value as amount, 1 as side from lines l
          union all
          select l.*, ${contraAccountOf} as account, -l.value as amount, 2 as side from lines l
        ), invoice_lines as (
          select i.id, i.approved_at, o.store_id, il.position, i.number, s.name as supplier,
                 round(il.quantity * ol.unit_cost, 2) as received, round(il.quantity * il.unit_price, 2) as invoiced
          from supplier_invoices i
          join supplier_invoice_lines il on il.invoice_id = i.id
          join purchase_order_lines ol on ol.id = il.purchase_order_line_id
          join purchase_orders o on o.id = ol.purchase_order_id
          join suppliers s on s.id = i.supplier_id
          where i.status = 'approved' and i.approved_at >= ${startOf(period)} and i.approved_at < ${endOf(period)}
        ), invoice_sides as (
          select il.*, v.account, v.amount, v.side
          from invoice_lines il
          cross join lateral (values ('goodsReceivedNotInvoiced', il.received, 1),
                                     ('payables', -il.invoiced, 2),
                                     ('purchasePriceVariance', il.invoiced - il.received, 3)) as v(account, amount, side)
          where v.amount <> 0
        )
        select ${dayOf(sql`e.occurred_at`, period)} as day, st.name as store_name, e.account, e.amount::numeric(20, 2)::text as amount,
               j.code as job_code, cc.code as cost_code, e.kind, e.reverses_id is not null as is_reversal, abs(e.quantity) as quantity,
               m.name as item_name, m.unit, e.id::text as reference, e.occurred_at as at, 1 as source, e.side, e.id::text as tiebreak
        from ledger_sides e
        join stores st on st.id = e.store_id
        join materials m on m.id = e.item_id
        left join jobs j on j.id = e.job_id
        left join cost_codes cc on cc.id = e.cost_code_id
        union all
        select ${dayOf(sql`e.approved_at`, period)}, st.name, e.account, e.amount::numeric(20, 2)::text,
               null, null, null, false, null, null, null, e.number || ' · ' || e.supplier, e.approved_at, 2, e.side,
               e.id::text || lpad(e.position::text, 6, '0')
        from invoice_sides e
        join stores st on st.id = e.store_id
        order by day, at, source, tiebreak, side`,
  );
}

/** The company's accounts as saved, each missing one by its default. */
export async function findAccountSettings(db: DbOrTx): Promise<AccountSettings> {
  const [row] = await queryRows<{ value: string }>(db, sql`select value from settings where key = 'journal_accounts'`);
  const saved = row ? (JSON.parse(row.value) as Partial<AccountSettings>) : {};
  return { ...DEFAULT_ACCOUNTS, ...saved };
}

export async function saveAccountSettings(tx: DbOrTx, accounts: AccountSettings): Promise<void> {
  await tx.execute(
    sql`insert into settings (key, value) values ('journal_accounts', ${JSON.stringify(accounts)})
        on conflict (key) do update set value = excluded.value`,
  );
}
