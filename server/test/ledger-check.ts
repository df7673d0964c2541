import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';
import { ITEM_COUNTERS } from '../src/db/schema';
import { counterEffect, queryRows } from '../src/db/sql';

export type Mismatch = { item_kind: string; id: string; column: string; counter: number | string; ledger: number | string };

/**
 * Every item whose counters disagree with the sums of its ledger rows (empty when all agree),
 * every counter below zero (but `adjusted`, a signed sum), and every store whose kept count of live items is off. Each counter's
 * sum comes from MOVEMENT_EFFECTS, as the ledger statement's change does; every tool whose custody
 * counter is not what its open custody records say is out, as is every material whose incoming
 * quantity is not what its transfers have on the way, and every transfer line whose dispatch or
 * receipts are not its ledger rows; that the available
 * counter balances the others is the table's CHECK constraint, which no row can escape.
 */
export async function findLedgerMismatches(db: DbOrTx): Promise<Mismatch[]> {
  return [...(await findCounterMismatches(db)), ...(await findValueMismatches(db)), ...(await findBatchMismatches(db))];
}

/** A material kept by batch whose batches do not hold exactly what it has available. */
async function findBatchMismatches(db: DbOrTx): Promise<Mismatch[]> {
  return queryRows<Mismatch>(
    db,
    sql`select 'material' as item_kind, m.id, 'batches' as column, m.available_quantity::text as counter,
               coalesce((select sum(b.quantity) from material_batches b where b.material_id = m.id), 0)::numeric(14, 3)::text as ledger
        from materials m
        where m.tracks_expiry
          and m.available_quantity <> coalesce((select sum(b.quantity) from material_batches b where b.material_id = m.id), 0)`,
  );
}

/**
 * Money kept apart from the ledger that disagrees with it: a material's stock value that is not the
 * sum of its lines' values (transit losses belong to no store), a transfer line's value in transit
 * that is not what its dispatches sent less what its receipts took in and its write-off lost, and any value on a
 * tool's line. Amounts compared as exact text.
 */
async function findValueMismatches(db: DbOrTx): Promise<Mismatch[]> {
  return queryRows<Mismatch>(
    db,
    sql`with kept as (
          select 'material' as item_kind, m.id, 'stock value' as column, m.stock_value::text as counter,
                 coalesce((select sum(mv.value) from movements mv where mv.item_id = m.id and mv.kind <> 'transit_loss'), 0)::numeric(20, 2)::text as ledger
          from materials m
        ), transit as (
          select 'transfer line' as item_kind, l.id, 'value in transit' as column, l.transit_value::text as counter,
                 coalesce((select sum(case when mv.kind = 'transit_loss' then mv.value else -mv.value end) from movements mv
                           where mv.transfer_line_id = l.id and mv.kind in ('transfer_out', 'store_transfer_in', 'transit_loss')), 0)::numeric(20, 2)::text as ledger
          from transfer_lines l
        )
        select * from kept where counter <> ledger
        union all
        select * from transit where counter <> ledger
        union all
        select 'tool', mv.id, 'value of a tool line', mv.value::text, '0.00' from movements mv where mv.item_kind = 'tool' and mv.value <> 0`,
  );
}

async function findCounterMismatches(db: DbOrTx): Promise<Mismatch[]> {
  const counters = sql.join(
    ITEM_COUNTERS.map((counter) => sql.identifier(counter)),
    sql`, `,
  );
  return queryRows<Mismatch>(
    db,
    sql`with items as (
          select 'material' as item_kind, id, ${counters} from materials
          union all
          select 'tool', id, ${counters} from tools
        ),
        sums as (
          select item_id, ${sql.join(
            ITEM_COUNTERS.map((counter) => sql`coalesce(sum(${counterEffect(counter)}), 0) as ${sql.identifier(counter)}`),
            sql`, `,
          )}
          from movements group by item_id
        ),
        pairs as (
          select i.item_kind, i.id, c.column_name, c.counter, c.ledger
          from items i left join sums s on s.item_id = i.id
          cross join lateral (values ${sql.join(
            ITEM_COUNTERS.map(
              (counter) => sql`(${counter}::text, i.${sql.identifier(counter)}, coalesce(s.${sql.identifier(counter)}, 0))`,
            ),
            sql`, `,
          )}) as c(column_name, counter, ledger)
        ),
        live as (
          select store_id, item_kind, count(*)::int as n from (
            select store_id, 'material' as item_kind from materials where deleted_at is null
            union all select store_id, 'tool' from tools where deleted_at is null
          ) l group by store_id, item_kind
        ),
        kept as (
          select coalesce(k.item_kind, l.item_kind) as item_kind, coalesce(k.store_id, l.store_id) as id,
                 'live items of the store' as column_name, coalesce(k.live, 0) as counter, coalesce(l.n, 0) as ledger
          from item_counts k full join live l on l.store_id = k.store_id and l.item_kind = k.item_kind
        ),
        held as (
          select 'tool' as item_kind, t.id, 'outstanding custody' as column_name, t.custody_quantity as counter,
                 coalesce((select sum(c.outstanding) from custody c where c.tool_id = t.id), 0)::int as ledger
          from tools t
        ),
        incoming as (
          select 'material' as item_kind, m.id, 'incoming from transfers' as column_name, m.incoming_quantity as counter,
                 coalesce((select sum(case when t.status = 'draft' then l.quantity
                                           when t.status in ('dispatched', 'partially_received') then l.quantity - l.received - l.damaged - l.lost
                                           else 0 end)
                           from transfer_lines l join transfers t on t.id = l.transfer_id
                           where l.to_item_id = m.id and l.counts_incoming), 0) as ledger
          from materials m
        ),
        lines as (
          select 'transfer line' as item_kind, l.id, x.column_name, x.counter, x.ledger
          from transfer_lines l join transfers t on t.id = l.transfer_id
          cross join lateral (values
            ('dispatched', case when t.status in ('draft', 'cancelled') then 0 else l.quantity end,
             coalesce((select sum(mv.quantity) from movements mv where mv.transfer_line_id = l.id and mv.kind = 'transfer_out'), 0)),
            ('received and damaged', l.received + l.damaged,
             coalesce((select sum(mv.quantity) from movements mv where mv.transfer_line_id = l.id and mv.kind = 'store_transfer_in'), 0))
          ) as x(column_name, counter, ledger)
        )
        -- Quantities are numeric: read back as numbers for the message.
        select item_kind, id, column_name as column, counter::float8 as counter, ledger::float8 as ledger from pairs
        where counter <> ledger or (counter < 0 and column_name <> 'adjusted_quantity')
        union all
        select item_kind, id, column_name, counter::float8, ledger::float8 from kept where counter <> ledger
        union all
        select item_kind, id, column_name, counter::float8, ledger::float8 from held where counter <> ledger
        union all
        select item_kind, id, column_name, counter::float8, ledger::float8 from incoming where counter <> ledger
        union all
        select item_kind, id, column_name, counter::float8, ledger::float8 from lines where counter <> ledger`,
  );
}

export async function countMovements(db: DbOrTx, itemId?: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    itemId ? sql`select count(*)::int as n from movements where item_id = ${itemId}` : sql`select count(*)::int as n from movements`,
  );
  return row?.n ?? 0;
}
