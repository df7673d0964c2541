import { sql } from 'drizzle-orm';
import { type Database, type Db, inBackground } from './client';
import { queryRows } from './sql';

/** How often the embedded database is looked after. */
export const UPKEEP_EVERY_MS = 5 * 60_000;

/**
 * What PostgreSQL's autovacuum does and the embedded database, which has none, needs the server to do:
 * - analyze a table (or a month of the ledger) that has no statistics yet, or whose rows changed by more
 *   than 50 + 10 % since its statistics were taken (autovacuum's own rule); and the ledger as a whole
 *   after one of its months. Without statistics the planner guesses: on a
 *   10,000-material store the first list page took 54 ms instead of 7 ms, a search 33 ms instead of 5.
 * - vacuum the ledger, so reports read recent movements from the covering index alone (PostgreSQL:
 *   migration 0007). Vacuum passes over pages already marked: a few milliseconds on an unchanged
 *   million-row ledger, about 20 ms after 15,000 new movements.
 * Changes are counted since the process started (the embedded database keeps no activity statistics
 * across restarts).
 */
export async function upkeep(db: Db): Promise<{ analyzed: string[] }> {
  // The embedded database's one backend hands its counts of changed rows over only when told to.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const stale = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
          and (c.reltuples < 0 or coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * c.reltuples)
        order by c.relname`,
  );
  for (const { name } of stale) await db.execute(sql`analyze ${sql.identifier(name)}`);
  const analyzed = stale.map((table) => table.name);
  // The ledger as a whole, which a join with it is planned from, once one of its months changed.
  if (analyzed.some((name) => name.startsWith('movements_'))) {
    // The whole alone where the engine can (PostgreSQL 18, the embedded one's); before it, every month again.
    const [engine] = await queryRows<{ version: number }>(db, sql`select current_setting('server_version_num')::int as version`);
    await db.execute((engine?.version ?? 0) >= 180_000 ? sql`analyze only movements` : sql`analyze movements`);
    analyzed.push('movements');
  }
  await db.execute(sql`vacuum movements`);
  return { analyzed: analyzed.sort() };
}

/** Runs `upkeep` on the embedded database every `everyMs`; PostgreSQL looks after itself. Returns what stops it. */
export function keepUp(database: Database, onError: (error: unknown) => void, everyMs = UPKEEP_EVERY_MS): () => void {
  if (database.driver !== 'pglite') return () => {};
  let isRunning = false;
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    // Behind the requests of the moment, as a report's slices are.
    inBackground(() => upkeep(database.db))
      .catch(onError)
      .finally(() => {
        isRunning = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
