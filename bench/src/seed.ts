import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import { queryRows } from '../../server/src/db/sql';
import { hashPassword } from '../../server/src/lib/passwords';

export type SeedOptions = {
  stores: number;
  /** Materials in the big store, the one the list and report benchmarks read. */
  materials: number;
  /** Materials in each other store. */
  materialsPerStore: number;
  tools: number;
  movements: number;
  days: number;
};

/**
 * A material's distinctive code, what a keeper types to find it: g scrambled by a bijection of 32-bit
 * numbers, as 8 hex digits. Codes share no prefix pattern (numbers 1..N would make "1234" part of
 * "12345"), so each finds one material; and names share no word across a store, as real names do
 * not, so a search reads trigram lists of a few names rather than of the whole store.
 */
function materialCode(g: ReturnType<typeof sql>) {
  return sql`lpad(to_hex((${g}::bigint * 2654435761) % 4294967296), 8, '0')`;
}

export const BENCH_USERS = {
  admin: { email: 'bench-admin@example.com', password: 'bench-password' },
  keeper: { email: 'bench-keeper@example.com', password: 'bench-password' },
};

/**
 * Fills an empty, migrated database through the real schema with set-based SQL (no row-by-row
 * round trips): stores, a job per store and a list of cost codes, materials (one big store), tools,
 * months of movements that favour some hot items (most material issues charged to their store's job),
 * returns that never exceed issues (crediting the job of the issue), openings large enough that stock never ends below zero,
 * and counters computed from the ledger.
 */
export async function seed(db: Db, options: SeedOptions, log: (message: string) => void): Promise<void> {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stores`);
  if ((existing?.n ?? 0) > 0) throw new Error('The database already has stores; seed an empty one.');
  const step = async (label: string, statement: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.execute(statement);
    log(`${label} (${Math.round(performance.now() - started)} ms)`);
  };
  // The ledger's rows are written with its triggers off (each would write the row's key: row by row),
  // and their keys in one statement after; foreign keys hold by construction.
  const ledgerStep = async (label: string, statement: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(statement);
    });
    log(`${label} (${Math.round(performance.now() - started)} ms)`);
  };
  const since = sql`now() - make_interval(days => ${options.days + 10}::int)`;

  await step(
    'stores',
    sql`insert into stores (name, location, created_at)
    select 'Bench store ' || lpad(g::text, 4, '0'), 'Site ' || g, ${since} from generate_series(1, ${options.stores}::int) g`,
  );
  // A job per store, drawing from it, and a list of cost codes: most issues are charged to a job.
  await step(
    'jobs',
    sql`insert into jobs (code, name, budget, created_at)
    select 'JOB-' || lpad(g::text, 4, '0'), 'Site job ' || g, 1000000, ${since} from generate_series(1, ${options.stores}::int) g`,
  );
  await step(
    'job stores',
    sql`insert into job_stores (job_id, store_id)
    select j.id, s.id
    from (select id, row_number() over (order by code) as n from jobs) j
    join (select id, row_number() over (order by name) as n from stores) s on s.n = j.n`,
  );
  await step(
    'cost codes',
    sql`insert into cost_codes (code, name) select lpad(g::text, 2, '0') || ' 00 00', 'Division ' || g from generate_series(1, 20) g`,
  );
  await step(
    'materials',
    sql`insert into materials (store_id, name, category_name, material_name, size, unit, created_at)
    select s.id, 'Material ' || ${materialCode(sql`g`)},
           (array['Binders','Aggregates','Steel','Timber','Finishes'])[1 + g % 5],
           (array['OPC','N/A','TMT','Teak','Acrylic'])[1 + g % 5],
           (g % 50) || ' kg', (array['bag','m3','piece','kg','litre'])[1 + g % 5], ${since}
    from (select id, row_number() over (order by name) as n from stores) s
    cross join lateral generate_series(1, case when s.n = 1 then ${options.materials}::int else ${options.materialsPerStore}::int end) g`,
  );
  await step(
    'tools',
    sql`insert into tools (store_id, name, created_at)
    select s.id, 'Tool ' || g, ${since}
    from (select id, row_number() over (order by name) - 1 as n from stores) s
    join generate_series(1, ${options.tools}::int) g on g % ${options.stores}::int = s.n`,
  );
  await step(
    'item index',
    sql`create temporary table bench_items as
    select s.n as store_n, (row_number() over (partition by items.store_id order by random()) - 1)::int as idx, items.id, items.store_id, items.kind
    from (select id, store_id, 'material' as kind from materials union all select id, store_id, 'tool' from tools) items
    join (select id, (row_number() over (order by name) - 1)::int as n from stores) s on s.id = items.store_id`,
  );
  await db.execute(sql`create index on bench_items (store_n, idx)`);
  await db.execute(
    sql`create temporary table bench_stores as
    select b.store_n, count(*)::int as items, (select js.job_id from job_stores js where js.store_id = min(b.store_id::text)::uuid) as job_id
    from bench_items b group by b.store_n`,
  );
  // Every store is about as busy as the next; inside a store power(random(), 3) puts most movements
  // on a few hot items, as on a real site.
  // A partition for every month of the history, as migrating a database that held it makes them.
  await step('ledger partitions', sql`select add_movement_partitions((${since})::date, now()::date)`);
  await ledgerStep(
    'movements',
    sql`insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, recorded_at, job_id, cost_code_id)
    select i.store_id, i.kind, i.id,
           case when x.r < 0.15 then 'purchase' when x.r < 0.25 then 'transfer_in' when x.r < 0.92 then 'issue' else 'damage' end,
           1 + floor(random() * 20)::int, x.t, x.t,
           case when i.kind = 'material' and x.r >= 0.25 and x.r < 0.85 then bs.job_id end,
           case when i.kind = 'material' and x.r >= 0.25 and x.r < 0.85 then codes.ids[1 + floor(x.c * 20)::int] end
    from (select floor(random() * ${options.stores}::int)::int as store_n, random() as u, random() as r, random() as c,
                 now() - random() * make_interval(days => ${options.days}::int) as t
          from generate_series(1, ${options.movements}::int)) x
    cross join (select array_agg(id order by code) as ids from cost_codes) codes
    join bench_stores bs on bs.store_n = x.store_n
    join bench_items i on i.store_n = x.store_n and i.idx = floor(power(x.u, 3) * bs.items)::int`,
  );
  await ledgerStep(
    'returns',
    sql`insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, recorded_at, job_id)
    select store_id, item_kind, item_id, 'return', greatest(1, floor(quantity / 2)), least(occurred_at + interval '1 day', now()), least(occurred_at + interval '1 day', now()), job_id
    from movements where kind = 'issue' and random() < 0.1`,
  );
  await ledgerStep(
    'openings',
    sql`insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, recorded_at)
    select i.store_id, i.kind, i.id, 'opening', 100 + coalesce(o.out, 0), ${since}, ${since}
    from bench_items i
    left join (select item_id, sum(quantity)::int as out from movements where kind in ('issue', 'damage') group by item_id) o on o.item_id = i.id`,
  );
  await step(
    'movement keys',
    sql`insert into movement_keys (id, occurred_at, reverses_id) select id, occurred_at, reverses_id from movements`,
  );
  for (const table of ['materials', 'tools'] as const) {
    await step(
      `${table} counters`,
      sql`update ${sql.identifier(table)} t set
        total_quantity = s.total, restocked_quantity = s.purchases, transfer_quantity = s.transfers,
        consumed_quantity = s.issued - s.returned, damaged_quantity = s.damaged, refund_quantity = s.returned,
        available_quantity = s.total + s.purchases + s.transfers - (s.issued - s.returned) - s.damaged
      from (select item_id,
              coalesce(sum(quantity) filter (where kind = 'opening'), 0)::int as total,
              coalesce(sum(quantity) filter (where kind in ('purchase', 'delivery')), 0)::int as purchases,
              coalesce(sum(quantity) filter (where kind = 'transfer_in'), 0)::int as transfers,
              coalesce(sum(quantity) filter (where kind = 'issue'), 0)::int as issued,
              coalesce(sum(quantity) filter (where kind = 'return'), 0)::int as returned,
              coalesce(sum(quantity) filter (where kind = 'damage'), 0)::int as damaged
            from movements group by item_id) s
      where s.item_id = t.id`,
    );
  }
  await db.execute(sql`drop table bench_items, bench_stores`);

  const hash = await hashPassword(BENCH_USERS.admin.password);
  await step(
    'users',
    sql`insert into users (name, email, password_hash, role) values
    ('Bench Admin', ${BENCH_USERS.admin.email}, ${hash}, 'admin'), ('Bench Keeper', ${BENCH_USERS.keeper.email}, ${hash}, 'user')`,
  );
  await db.execute(sql`insert into user_stores (user_id, store_id, position)
    select u.id, (select id from stores order by name limit 1), 0 from users u where u.email = ${BENCH_USERS.keeper.email}`);
  // Leaves no dead row versions from the counter updates behind (VACUUM cannot run in a transaction).
  await step('vacuum', sql`vacuum analyze`);
  // Writes the seed's pages out now, so no checkpoint of them stalls the disk while a bench measures.
  await step('checkpoint', sql`checkpoint`);
}
