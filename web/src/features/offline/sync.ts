import { SYNC_BATCH_MAX, type SyncResponse } from '@stockyard/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { STOCK_QUERIES } from '../../lib/query-keys';
import { signedInUser } from '../../lib/session';
import { settle, waitingOps } from './outbox';
import { refreshSnapshot } from './snapshot';

/** How often a non-empty outbox is sent while online; Background Sync is not used (Safari and Firefox lack it). */
export const SYNC_INTERVAL_MS = 30_000;

export type SyncState = { isSyncing: boolean; lastSyncedAt: string | null; lastError: string | null };
let state: SyncState = { isSyncing: false, lastSyncedAt: null, lastError: null };
const listeners = new Set<() => void>();

function setState(next: Partial<SyncState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function syncState(): SyncState {
  return state;
}

export function subscribeSync(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let running: Promise<void> | null = null;
let queryClient: QueryClient | null = null;

/**
 * Sends the signed-in user's outbox, oldest capture first, SYNC_BATCH_MAX ops a call, and takes
 * each answered op out. A lost connection leaves the rest for the next try; the server applies
 * each op once however often it arrives, so sending again is always safe. One run at a time per tab
 * (and across tabs where the browser has Web Locks).
 */
export function syncNow(): Promise<void> {
  running ??= withLock(runSync).finally(() => {
    running = null;
  });
  return running;
}

async function withLock(work: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request('stockyard-sync', () => work());
  else await work();
}

async function runSync(): Promise<void> {
  const user = signedInUser();
  if (!user) return;
  const ops = await waitingOps(user.userId);
  if (ops.length === 0) return;
  setState({ isSyncing: true });
  try {
    for (let start = 0; start < ops.length; start += SYNC_BATCH_MAX) {
      const batch = ops.slice(start, start + SYNC_BATCH_MAX);
      const sent = batch.map(({ userId: _user, itemName: _name, unit: _unit, ...op }) => op);
      const answer = await apiFetch<SyncResponse>('/api/sync/movements', { method: 'POST', body: { ops: sent } });
      await settle(batch, answer.results);
    }
    setState({ lastSyncedAt: new Date().toISOString(), lastError: null });
  } catch (error) {
    setState({ lastError: error instanceof Error ? error.message : String(error) });
  } finally {
    setState({ isSyncing: false });
    await queryClient?.invalidateQueries({ queryKey: STOCK_QUERIES });
    void refreshSnapshot();
  }
}

/** Sends the outbox now, whenever the browser comes back online, and every SYNC_INTERVAL_MS while it is not empty. */
export function startSyncLoop(client: QueryClient): () => void {
  queryClient = client;
  const send = () => {
    if (navigator.onLine) void syncNow();
  };

  send();
  window.addEventListener('online', send);
  const timer = window.setInterval(send, SYNC_INTERVAL_MS);
  return () => {
    window.removeEventListener('online', send);
    window.clearInterval(timer);
  };
}
