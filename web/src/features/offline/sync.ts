import { type FileResponse, SYNC_BATCH_MAX, type SyncResponse } from '@stockyard/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch, apiUpload } from '../../lib/api';
import { STOCK_QUERIES } from '../../lib/query-keys';
import { signedInUser } from '../../lib/session';
import { type QueuedOp, settle, signatureOf, signOp, waitingOps, waitingPhotos } from './outbox';
import { sendPhotos } from './photo-sync';
import { refreshSnapshot } from './snapshot';

/** How often a non-empty outbox is sent while online; Background Sync is not used (Safari and Firefox lack it). */
export const SYNC_INTERVAL_MS = 30_000;
/** A sync that got no answer is tried again after 2 s, then twice as long each time, up to SYNC_INTERVAL_MS. */
export const RETRY_FIRST_MS = 2_000;

/** How long to wait before the next try after `failures` syncs in a row got no answer. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), SYNC_INTERVAL_MS);
}

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
/** Syncs in a row that got no answer, and the try scheduled after the last of them. */
let failures = 0;
let retryTimer: number | undefined;

/**
 * Sends the signed-in user's outbox, oldest capture first, SYNC_BATCH_MAX ops a call, and takes
 * each answered op out; then the photos taken with them. A lost connection leaves the rest for the next try; the server applies
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
  const [waiting, photos] = await Promise.all([waitingOps(user.userId), waitingPhotos(user.userId)]);
  if (waiting.length === 0 && photos.length === 0) return;
  setState({ isSyncing: true });
  try {
    const ops = await signedOps(waiting);
    for (let start = 0; start < ops.length; start += SYNC_BATCH_MAX) {
      const batch = ops.slice(start, start + SYNC_BATCH_MAX);
      const sent = batch.map(({ userId: _user, itemName: _name, itemUnit, workerName: _worker, ...op }) => {
        // An op queued before `itemUnit` held its stock unit in `unit`: it was entered in the stock unit.
        if (itemUnit !== undefined || !('unit' in op)) return op;
        const { unit: _stockUnit, ...entered } = op;
        return entered;
      });
      const answer = await apiFetch<SyncResponse>('/api/sync/movements', { method: 'POST', body: { ops: sent } });
      await settle(batch, answer.results);
    }
    if (photos.length > 0) await sendPhotos(user.userId);
    failures = 0;
    setState({ lastSyncedAt: new Date().toISOString(), lastError: null });
  } catch (error) {
    failures += 1;
    scheduleRetry();
    setState({ lastError: error instanceof Error ? error.message : String(error) });
  } finally {
    setState({ isSyncing: false });
    await queryClient?.invalidateQueries({ queryKey: STOCK_QUERIES });
    void refreshSnapshot();
  }
}

/**
 * The ops as they go, each hand-over with the worker's signature it was taken with: the signature is
 * uploaded first (the server requires it where the store asks for one) and its file noted in the op.
 */
async function signedOps(ops: QueuedOp[]): Promise<QueuedOp[]> {
  const signed: QueuedOp[] = [];
  for (const op of ops) {
    // Only a hand-over to a worker carries a signature: the others are not looked up.
    const isUnsignedHandover = op.kind === 'tool-issue' && 'workerId' in op && op.workerId && !op.signature;
    const signature = isUnsignedHandover ? await signatureOf(op.opId) : undefined;
    if (!signature) {
      signed.push(op);
      continue;
    }
    const file = await apiUpload<FileResponse>('/api/files', new Blob([signature.bytes], { type: signature.type }), 'signature.png');
    signed.push(await signOp(op, file._id));
  }
  return signed;
}

/** After a sync with no answer, the phone tries again by itself in seconds rather than at the next interval. */
function scheduleRetry(): void {
  if (typeof window === 'undefined') return;
  window.clearTimeout(retryTimer);
  retryTimer = window.setTimeout(() => {
    if (navigator.onLine) void syncNow();
  }, retryDelay(failures));
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
    window.clearTimeout(retryTimer);
  };
}
