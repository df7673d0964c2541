import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import { queryRows } from '../../server/src/db/sql';
import { recordMovement } from '../../server/src/features/movements/ledger.repository';

/** What the benchmarks read and write on a seeded database. */
export type BenchData = {
  /** The store with the most materials (10,000 by default), whose lists and report are measured. */
  bigStore: { id: string; name: string };
  /** A typical store (~100 materials). */
  store: { id: string; name: string };
  /** 2,000 of the big store's materials, stocked so that no benchmark runs out. */
  itemIds: string[];
  hotId: string;
  /** What a keeper types to find one material: its distinctive code, the last word of its name ("9e3779b1"). */
  searchTerms: string[];
  /** The last 30 days. */
  range: { start: string; end: string };
};

/** Picks the benchmarks' items and stocks them, recorded through the ledger like any purchase. */
export async function prepareBenchData(db: Db): Promise<BenchData> {
  const [bigStore, store] = await queryRows<{ id: string; name: string }>(db, sql`select id, name from stores order by name limit 2`);
  if (!bigStore || !store) throw new Error('The database is not seeded: run npm run bench:seed first.');
  const itemIds = (
    await queryRows<{ id: string }>(
      db,
      sql`select id from materials where store_id = ${bigStore.id} and deleted_at is null order by random() limit 2000`,
    )
  ).map((row) => row.id);
  const hotId = itemIds[0] as string;
  const searchTerms = (
    await queryRows<{ name: string }>(
      db,
      sql`select name from materials where store_id = ${bigStore.id} and deleted_at is null order by random() limit 500`,
    )
  ).map((row) => row.name.split(' ').at(-1) as string);
  await db.transaction(async (tx) => {
    for (const id of itemIds) {
      await recordMovement(tx, {
        itemKind: 'material',
        itemId: id,
        storeIds: null,
        kind: 'purchase',
        quantity: id === hotId ? 1_000_000 : 50_000,
        actorId: null,
      });
    }
  });
  const [range] = await queryRows<{ start: string; end: string }>(
    db,
    sql`select (current_date - 30)::text as start, current_date::text as end`,
  );
  return { bigStore, store, itemIds, hotId, searchTerms, range: range as BenchData['range'] };
}

/** Signs in by password and answers the headers of a JSON call with the token. */
export async function signedIn(url: string, user: { email: string; password: string }): Promise<Record<string, string>> {
  const json = { 'content-type': 'application/json' };
  const response = await fetch(`${url}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(user) });
  if (!response.ok) throw new Error(`signing in as ${user.email} answered ${response.status}`);
  return { ...json, authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

let sequence = 0;
/** A fresh Idempotency-Key. */
function nextKey(): string {
  sequence += 1;
  return `bench-${process.pid}-${sequence}`;
}

/** One of a list, at random. */
export function anyOf<T>(list: T[]): T {
  return list[Math.floor(Math.random() * list.length)] as T;
}

/** A keeper's movement POST of one unit of the material `pick` names, under a fresh Idempotency-Key. */
export function movementRequest(pick: () => string) {
  return () => ({ body: JSON.stringify({ productId: pick(), quantity: 1 }), headers: { 'idempotency-key': nextKey() } });
}

/** The keeper's list searched for a material's code, a different one each time. */
export function searchPath(data: BenchData): () => string {
  return () => `/api/user/get-product?q=${encodeURIComponent(anyOf(data.searchTerms))}&limit=50`;
}
