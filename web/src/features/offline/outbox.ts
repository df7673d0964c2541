import type { SyncOp, SyncResult } from '@stockyard/contract';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { newIdempotencyKey } from '../../lib/idempotency-key';

/** A movement recorded on this phone and not yet answered by the server, with whose it is. */
/** An op as the phone keeps it: with whose it is and the names its screens show (never sent). */
/**
 * An op as the outbox keeps it, with what its list shows: the item's name and stock unit (`itemUnit`).
 * Ops queued before `itemUnit` kept the stock unit in `unit`, which then names no other unit.
 */
export type QueuedOp = SyncOp & { userId: string; itemName: string; itemUnit?: string; workerName?: string };
/**
 * A photo taken with an op, kept on the phone until the server holds it attached to the op's line: its
 * bytes, its place among the op's photos, and the file it became once uploaded.
 */
export type QueuedPhoto = {
  photoId: string;
  opId: string;
  userId: string;
  position: number;
  bytes: ArrayBuffer;
  type: string;
  fileId?: string;
  /** A worker's signature goes inside its op (uploaded before it); a photo follows the op. */
  role?: 'signature';
};
/** An op the server refused outright (malformed, or its id reused): kept until the keeper dismisses it. */
export type RejectedOp = QueuedOp & { code: string; message: string; rejectedAt: string };

interface OfflineDb extends DBSchema {
  outbox: { key: string; value: QueuedOp; indexes: { byUser: string } };
  rejected: { key: string; value: RejectedOp; indexes: { byUser: string } };
  photos: { key: string; value: QueuedPhoto; indexes: { byUser: string; byOp: string; signaturesByUser: [string, string] } };
  /** Lists kept for use with no signal, by name (e.g. "materials:<storeId>"). */
  lists: { key: string; value: { key: string; rows: unknown[]; pages?: number; generation?: string; syncedAt: string } };
}

const DB_NAME = 'stockyard-offline';
let opened: Promise<IDBPDatabase<OfflineDb>> | null = null;

function database(): Promise<IDBPDatabase<OfflineDb>> {
  opened ??= openDB<OfflineDb>(DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('outbox', { keyPath: 'opId' }).createIndex('byUser', 'userId');
        db.createObjectStore('rejected', { keyPath: 'opId' }).createIndex('byUser', 'userId');
        db.createObjectStore('lists', { keyPath: 'key' });
      }
      const photos = db.createObjectStore('photos', { keyPath: 'photoId' });
      photos.createIndex('byUser', 'userId');
      photos.createIndex('byOp', 'opId');
      // Only signatures have a role: the index holds them alone.
      photos.createIndex('signaturesByUser', ['userId', 'role']);
    },
  });
  return opened;
}

const listeners = new Set<() => void>();
/** Other tabs of the app hear of every change, so each shows the same count. */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('stockyard-outbox');
if (channel) channel.onmessage = () => notifyHere();

function notifyHere(): void {
  for (const listener of listeners) listener();
}

function changed(): void {
  notifyHere();
  channel?.postMessage('changed');
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps an op, the photos taken with it and its worker's signature, on the phone before anything is sent: from here on they survive reloads and restarts. */
export async function enqueue(
  op: QueuedOp,
  photos: { bytes: ArrayBuffer; type: string }[] = [],
  signature?: { bytes: ArrayBuffer; type: string },
): Promise<void> {
  const tx = (await database()).transaction(['outbox', 'photos'], 'readwrite');
  await tx.objectStore('outbox').put(op);
  // The same entry kept again (sent twice) keeps one set of photos.
  for (const key of await tx.objectStore('photos').index('byOp').getAllKeys(op.opId)) await tx.objectStore('photos').delete(key);
  for (const [index, photo] of photos.entries()) {
    await tx.objectStore('photos').put({ ...photo, photoId: newIdempotencyKey(), opId: op.opId, userId: op.userId, position: index + 1 });
  }
  if (signature) {
    await tx
      .objectStore('photos')
      .put({ ...signature, photoId: newIdempotencyKey(), opId: op.opId, userId: op.userId, position: 0, role: 'signature' });
  }
  await tx.done;
  changed();
}

/** A user's photos not yet attached (signatures aside), each op's as taken. */
export async function waitingPhotos(userId: string): Promise<QueuedPhoto[]> {
  const photos = await (await database()).getAllFromIndex('photos', 'byUser', userId);
  return photos.filter((photo) => photo.role !== 'signature').sort((a, b) => a.opId.localeCompare(b.opId) || a.position - b.position);
}

/** How many of a user's photos wait (signatures aside), counted without reading their bytes. */
export async function waitingPhotoCount(userId: string): Promise<number> {
  const db = await database();
  const all = await db.countFromIndex('photos', 'byUser', userId);
  return all - (await db.countFromIndex('photos', 'signaturesByUser', [userId, 'signature']));
}

/** The worker's signature an op waits to carry, if it has one. */
export async function signatureOf(opId: string): Promise<QueuedPhoto | undefined> {
  const photos = await (await database()).getAllFromIndex('photos', 'byOp', opId);
  return photos.find((photo) => photo.role === 'signature');
}

/** Notes the file an op's signature became inside the op itself, so every sending of it names the same file. */
export async function signOp(op: QueuedOp, fileId: string): Promise<QueuedOp> {
  const signed = { ...op, signature: fileId };
  await (await database()).put('outbox', signed);
  return signed;
}

/** Lets an op's signature go: the op carried it to the server, or will never go. */
async function removeSignatureOf(db: IDBPDatabase<OfflineDb>, opId: string): Promise<void> {
  for (const photo of await db.getAllFromIndex('photos', 'byOp', opId)) {
    if (photo.role === 'signature') await db.delete('photos', photo.photoId);
  }
}

/** Notes the file a photo became, so a later try attaches it without sending its bytes again. */
export async function markPhotoUploaded(photo: QueuedPhoto, fileId: string): Promise<void> {
  await (await database()).put('photos', { ...photo, fileId });
}

/** Lets a photo go: attached to its line, or its op will never be in the ledger. */
export async function removePhoto(photoId: string): Promise<void> {
  await (await database()).delete('photos', photoId);
  changed();
}

/** Lets every photo of an op go: the op was refused and will not be sent again. */
async function removePhotosOf(db: IDBPDatabase<OfflineDb>, opId: string): Promise<void> {
  for (const key of await db.getAllKeysFromIndex('photos', 'byOp', opId)) await db.delete('photos', key);
}

/** A user's waiting ops, oldest capture first. */
export async function waitingOps(userId: string): Promise<QueuedOp[]> {
  const ops = await (await database()).getAllFromIndex('outbox', 'byUser', userId);
  return ops.sort((a, b) => a.capturedAt.localeCompare(b.capturedAt));
}

export async function rejectedOps(userId: string): Promise<RejectedOp[]> {
  return (await database()).getAllFromIndex('rejected', 'byUser', userId);
}

/** Takes answered ops out of the outbox (all but those refused for a full list); the rejected ones are kept aside for the keeper to read. */
export async function settle(ops: QueuedOp[], results: SyncResult[]): Promise<void> {
  const byId = new Map(ops.map((op) => [op.opId, op]));
  const settled: string[] = [];
  const tx = (await database()).transaction(['outbox', 'rejected'], 'readwrite');
  for (const result of results) {
    const op = byId.get(result.opId);
    if (!op) continue;
    // The store's list of movements waiting for someone already holds enough of this keeper's: this one
    // stays on the phone and goes again with the next sync.
    if (result.status === 'rejected' && result.code === 'parked_full') continue;
    if (result.status === 'rejected') {
      await tx.objectStore('rejected').put({
        ...op,
        code: result.code ?? 'invalid',
        message: result.message ?? '',
        rejectedAt: new Date().toISOString(),
      });
    }
    await tx.objectStore('outbox').delete(op.opId);
    if (result.status !== 'rejected') settled.push(op.opId);
  }
  await tx.done;
  const db = await database();
  for (const opId of settled) await removeSignatureOf(db, opId);
  changed();
}

/** Takes one op out of the outbox: the server recorded it through a single call (its photos stay to follow it). */
export async function remove(opId: string): Promise<void> {
  const db = await database();
  await db.delete('outbox', opId);
  await removeSignatureOf(db, opId);
  changed();
}

/** Takes one op and its photos out of the outbox: the server refused it through a single call. */
export async function removeRefused(opId: string): Promise<void> {
  const db = await database();
  await db.delete('outbox', opId);
  await removePhotosOf(db, opId);
  changed();
}

export async function dismissRejected(opId: string): Promise<void> {
  const db = await database();
  await db.delete('rejected', opId);
  await removePhotosOf(db, opId);
  changed();
}

/** Empties a user's outbox, photos too: only when they chose to discard what it holds. */
export async function discardAll(userId: string): Promise<void> {
  const db = await database();
  for (const op of await db.getAllFromIndex('outbox', 'byUser', userId)) await db.delete('outbox', op.opId);
  for (const key of await db.getAllKeysFromIndex('photos', 'byUser', userId)) await db.delete('photos', key);
  changed();
}

/** Rows a kept list stores in one record: one record of a big store's 10,000 would take a slow phone's main thread too long to write. */
const LIST_PAGE_ROWS = 500;

type ListHeader = { key: string; rows: unknown[]; pages?: number; generation?: string; syncedAt: string };

/** Where page `page` of a kept list's `generation` is stored; lists kept before generations had none. */
function pageKey(key: string, generation: string | undefined, page: number): string {
  return generation === undefined ? `${key}#${page}` : `${key}@${generation}#${page}`;
}

/** The pages of one generation of a kept list. */
function generationPages(key: string, generation: string): IDBKeyRange {
  return IDBKeyRange.bound(`${key}@${generation}#`, `${key}@${generation}#\uffff`);
}

/** Every page a kept list may own, of any generation, except those of `keep`. */
function pagesOtherThan(key: string, keep: string): IDBKeyRange[] {
  const own = generationPages(key, keep);
  return [
    IDBKeyRange.bound(`${key}#`, `${key}#\uffff`),
    IDBKeyRange.bound(`${key}@`, own.lower, false, true),
    IDBKeyRange.bound(own.upper, `${key}@\uffff`, true, false),
  ];
}

/**
 * Replaces kept lists all at once. Each list's pages of LIST_PAGE_ROWS are written under a new generation,
 * a page per transaction, beside the pages in use; then one small transaction points every list's header
 * at its new pages and deletes the old ones. A reader never waits for a big write (a keeper cut off halfway
 * still reads the lists in use), and a reload or a closed tab halfway keeps the old lists whole.
 */
export async function saveLists(lists: { key: string; rows: unknown[] }[]): Promise<void> {
  const db = await database();
  const syncedAt = new Date().toISOString();
  const generation = `${syncedAt}-${newIdempotencyKey()}`;
  const headers: ListHeader[] = [];
  for (const { key, rows } of lists) {
    const pages = Math.ceil(rows.length / LIST_PAGE_ROWS);
    for (let page = 0; page < pages; page += 1) {
      const record = {
        key: pageKey(key, generation, page),
        rows: rows.slice(page * LIST_PAGE_ROWS, (page + 1) * LIST_PAGE_ROWS),
        syncedAt: '',
      };
      await db.put('lists', record);
    }
    headers.push({ key, rows: [], pages, generation, syncedAt });
  }
  const tx = db.transaction('lists', 'readwrite');
  for (const header of headers) {
    // Another tab's save that switched first took these pages away with the old ones: its lists stand.
    if ((await tx.store.count(generationPages(header.key, generation))) !== header.pages) continue;
    // Pages of older generations, and of a save cut off before it got here, go with the switch.
    for (const range of pagesOtherThan(header.key, generation)) await tx.store.delete(range);
    await tx.store.put(header);
  }
  await tx.done;
}

/** When a kept list was fetched, read from its header alone. */
export async function listSyncedAt(key: string): Promise<string | undefined> {
  return (await (await database()).get('lists', key))?.syncedAt;
}

/** A kept list, read in one transaction: its header and the pages that header names. */
export async function readList<T>(key: string): Promise<{ rows: T[]; syncedAt: string } | undefined> {
  const tx = (await database()).transaction('lists');
  const header: ListHeader | undefined = await tx.store.get(key);
  if (!header) return undefined;
  const pages = await Promise.all(
    Array.from({ length: header.pages ?? 0 }, (_, page) => tx.store.get(pageKey(key, header.generation, page))),
  );
  return { rows: pages.flatMap((page) => (page?.rows ?? []) as T[]), syncedAt: header.syncedAt };
}
