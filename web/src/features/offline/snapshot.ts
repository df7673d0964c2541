import {
  type CostCode,
  type Custody,
  type CustodyListResponse,
  type Job,
  LIST_LIMIT_MAX,
  type Product,
  type PurchaseOrder,
  type PurchaseOrderListResponse,
  type StockBatch,
  type StockBatchListResponse,
  type Tool,
  type Worker,
  type WorkerListResponse,
} from '@stockyard/contract';
import { apiFetch, apiFetchPage } from '../../lib/api';
import { signedInUser } from '../../lib/session';
import { listSyncedAt, readList, saveLists } from './outbox';

/** The lists a keeper's phone keeps for use with no signal. */
export type OfflineListName = 'materials' | 'batches' | 'tools' | 'workers' | 'jobs' | 'costCodes' | 'purchaseOrders' | 'custody';
/** What a kept list may hold. */
export type KeptRow = Product | StockBatch | Tool | Worker | Job | CostCode | PurchaseOrder | Custody;
/** More open orders than a keeper's stores wait on at once. */
const KEPT_ORDERS_MAX = 200;
/** As many tools out as Tools out lists online. */
const KEPT_CUSTODY_MAX = 500;
/** Where each comes from, and its rows in the answer. */
const SOURCES: Record<OfflineListName, { path: string; rowsOf?: (data: unknown) => unknown[]; isWhole?: boolean }> = {
  materials: { path: '/api/user/get-product' },
  // The batches in stock of materials kept by batch, for the batch pickers.
  batches: { path: '/api/batches', rowsOf: (data) => (data as StockBatchListResponse).batches },
  tools: { path: '/api/user/get-tools' },
  workers: { path: '/api/workers', rowsOf: (data) => (data as WorkerListResponse).workers },
  // The open jobs of the keeper's stores and the company's cost codes come whole in one answer.
  jobs: { path: '/api/jobs?active=true', rowsOf: (data) => (data as { jobs: Job[] }).jobs, isWhole: true },
  costCodes: { path: '/api/cost-codes', rowsOf: (data) => (data as { costCodes: CostCode[] }).costCodes, isWhole: true },
  // The orders goods may still arrive against, to receive them at the gate with no signal.
  purchaseOrders: {
    path: `/api/purchase-orders?receivable=true&limit=${KEPT_ORDERS_MAX}`,
    rowsOf: (data) => (data as PurchaseOrderListResponse).purchaseOrders,
    isWhole: true,
  },
  // Who holds which tool, for Tools out with no signal.
  custody: {
    path: `/api/custody?status=open&limit=${KEPT_CUSTODY_MAX}`,
    rowsOf: (data) => (data as CustodyListResponse).custody,
    isWhole: true,
  },
};
/** More than any real store holds; a bigger store is kept in part rather than not at all. */
const MAX_ROWS = 20_000;

function keyOf(name: OfflineListName, userId: string): string {
  return `${name}:${userId}`;
}

let refreshing: Promise<void> | null = null;

/** A kept list younger than this is not fetched again when the app starts (a sync fetches it at once). */
const FRESH_FOR_MS = 10 * 60_000;

/**
 * Fetches the signed-in keeper's lists whole (materials, tools and workers a page of LIST_LIMIT_MAX at a
 * time) and keeps them on the phone; `whenOlder` skips it while the kept lists are younger than FRESH_FOR_MS.
 */
export function refreshSnapshot(options: { whenOlder?: boolean } = {}): Promise<void> {
  refreshing ??= (async () => {
    const user = signedInUser();
    if (!user) return;
    const keptAt = await listSyncedAt(keyOf('materials', user.userId));
    if (options.whenOlder && keptAt && Date.now() - Date.parse(keptAt) < FRESH_FOR_MS) return;
    const lists: { key: string; rows: unknown[] }[] = [];
    for (const name of Object.keys(SOURCES) as OfflineListName[]) {
      const { path, rowsOf, isWhole } = SOURCES[name];
      lists.push({
        key: keyOf(name, user.userId),
        rows: isWhole && rowsOf ? rowsOf(await apiFetch<unknown>(path)) : await allPages(path, rowsOf),
      });
    }
    // The kept lists are replaced only once every new one is in, all together.
    await saveLists(lists);
  })()
    .catch(() => {
      // No signal: the phone keeps what it had.
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Every row of a paged list, LIST_LIMIT_MAX a call, up to MAX_ROWS. */
async function allPages(path: string, rowsOf?: (data: unknown) => unknown[]): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let offset = 0; offset < MAX_ROWS; offset += LIST_LIMIT_MAX) {
    const page = await apiFetchPage<unknown, unknown>(`${path}?limit=${LIST_LIMIT_MAX}&offset=${offset}`, rowsOf);
    rows.push(...page.rows);
    if (page.rows.length < LIST_LIMIT_MAX) break;
  }
  return rows;
}

/** A kept list of the signed-in keeper's, and when it was fetched. */
export async function offlineList<T extends KeptRow>(name: OfflineListName): Promise<{ rows: T[]; syncedAt: string } | null> {
  const user = signedInUser();
  if (!user) return null;
  return (await readList<T>(keyOf(name, user.userId))) ?? null;
}
