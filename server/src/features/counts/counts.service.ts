import {
  ATTACHMENTS_MAX,
  ATTACHMENTS_TOO_MANY,
  batchNotTracked,
  batchRequired,
  COUNT_ALREADY_CLOSED,
  COUNT_BEYOND_TOLERANCE,
  COUNT_CANCELLED,
  COUNT_ITEM_NOT_IN_COUNT,
  COUNT_ITEMS_NOT_IN_STORE,
  COUNT_LINE_ENTERED,
  COUNT_NO_ITEMS,
  COUNT_NOT_COUNTING,
  COUNT_NOT_FOUND,
  COUNT_NOT_SUBMITTED,
  COUNT_NOTHING_COUNTED,
  COUNT_POSTED,
  COUNT_SOME_ITEM_BUSY,
  COUNT_STARTED,
  COUNT_SUBMITTED,
  type Count,
  countItemBusy,
  countReasonsMissing,
  countWouldGoNegative,
  MATERIAL_NOT_FOUND,
  quantityWhole,
  TOOL_LINE_UNIT,
  TOOL_NOT_FOUND,
} from '@stockyard/contract';
import type { Db, DbOrTx } from '../../db/client';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { isWithinPercent, quantityLess } from '../../lib/quantities';
import { assertAttachable } from '../files/files.service';
import { assertFitsDecimals, inStockUnit } from '../materials/materials.service';
import { batchMoveOf, recordMovementOrRefuse, tracksExpiry } from '../movements/movements.service';
import { resolveTargetStore } from '../stores/stores.service';
import { presentCount, presentCountLine, presentCountSummary } from './counts.presenter';
import {
  addCountLineAttachments,
  type CountLineRow,
  type CountRow,
  changeCountStatus,
  clearCountedBatches,
  findBusyItemNames,
  findCountLines,
  findCountRows,
  type ItemKind,
  insertCount,
  replaceCountedBatches,
  updateCountLine,
} from './counts.repository';

async function mustFindCount(db: DbOrTx, auth: AuthContext, id: string): Promise<CountRow> {
  const { rows } = await findCountRows(db, { storeIds: storeScopeOf(auth), ids: [id], limit: 1, offset: 0 });
  if (!rows[0]) throw new AppError('not_found', COUNT_NOT_FOUND);
  return rows[0];
}

/** Keepers count blind: while counting they do not see what the books expect. */
function isBlindFor(auth: AuthContext, count: CountRow): boolean {
  return auth.role !== 'admin' && count.status === 'counting';
}

/** Whether every counted difference is within the store's tolerance (a share of the expected quantity). */
function isWithinTolerance(lines: CountLineRow[], tolerancePercent: number): boolean {
  return lines.every(
    (line) => line.counted === null || line.expected === null || isWithinPercent(line.counted, line.expected, tolerancePercent),
  );
}

function canPost(auth: AuthContext, count: CountRow, lines: CountLineRow[]): boolean {
  if (count.status !== 'submitted') return false;
  return auth.role === 'admin' || isWithinTolerance(lines, count.tolerance_percent);
}

/** One count with its lines, as the caller may see it. */
export async function getCount(db: DbOrTx, auth: AuthContext, id: string): Promise<Count> {
  const count = await mustFindCount(db, auth, id);
  const rows = await findCountLines(db, count.id, count.item_kind);
  const isBlind = isBlindFor(auth, count);
  return presentCount(
    count,
    rows.map((row) => presentCountLine(row, isBlind)),
    { isBlind, canPost: canPost(auth, count, rows) },
  );
}

export async function listCounts(db: DbOrTx, auth: AuthContext, query: { storeId?: string; limit: number; offset: number }) {
  assertStoreVisible(auth, query.storeId);
  const { rows, total } = await findCountRows(db, { ...query, storeIds: storeScopeOf(auth) });
  return { counts: rows.map(presentCountSummary), total };
}

/** Starts a count, idempotently: a repeat of the request answers the first count. */
export function startCount(db: Db, auth: AuthContext, input: Parameters<typeof startCountIn>[2], requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => ({
    status: 201 as const,
    body: { message: COUNT_STARTED, count: await startCountIn(tx, auth, input) },
  }));
}

/** Starts a count of a store's materials or tools: all of them, or the chosen ones. An item is in one open count at most. */
async function startCountIn(
  tx: DbOrTx,
  auth: AuthContext,
  input: { storeId?: string; itemKind: ItemKind; itemIds?: string[] },
): Promise<Count> {
  const storeId = await resolveTargetStore(tx, auth, input.storeId);
  const itemIds = input.itemIds ? [...new Set(input.itemIds)] : null;
  const busy = await findBusyItemNames(tx, input.itemKind, storeId, itemIds);
  if (busy[0]) throw new AppError('conflict', countItemBusy(busy[0]));
  let created: { id: string; lines: number };
  try {
    created = await insertCount(tx, { storeId, itemKind: input.itemKind, itemIds, userId: auth.userId });
  } catch (error) {
    // Another count took one of these items at this very moment.
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', COUNT_SOME_ITEM_BUSY);
    throw error;
  }
  if (itemIds && created.lines !== itemIds.length) throw new AppError('bad_request', COUNT_ITEMS_NOT_IN_STORE);
  if (created.lines === 0) throw new AppError('bad_request', COUNT_NO_ITEMS);
  return getCount(tx, auth, created.id);
}

/** A counted quantity carries at most its material's decimals; a tool's is whole. */
async function assertCountFits(tx: DbOrTx, itemKind: ItemKind, countId: string, itemId: string, counted: number): Promise<void> {
  if (itemKind === 'material') return assertFitsDecimals(tx, [{ materialId: itemId, quantity: counted }]);
  if (Number.isInteger(counted)) return;
  const [line] = await findCountLines(tx, countId, itemKind, itemId);
  if (!line) throw new AppError('not_found', COUNT_ITEM_NOT_IN_COUNT);
  throw new AppError('bad_request', quantityWhole(line.name));
}

/** Enters (or corrects) one item's counted quantity while the count is counting. */
export function enterCountLine(
  db: Db,
  auth: AuthContext,
  line: { countId: string; itemId: string; counted: number; unit?: string; attachments?: string[]; batches?: CountLineBatch[] },
  requestKey?: RequestKey,
) {
  const { countId, itemId, attachments } = line;
  return runIdempotent(db, requestKey, async (tx) => {
    const count = await mustFindCount(tx, auth, countId);
    if (count.status !== 'counting') throw new AppError('conflict', COUNT_NOT_COUNTING);
    const { counted, batches } = await countedInStockUnits(tx, auth, count.item_kind, line);
    await assertCountFits(tx, count.item_kind, countId, itemId, counted);
    for (const row of batches ?? []) await assertCountFits(tx, count.item_kind, countId, itemId, row.counted);
    const isEntered = await updateCountLine(tx, {
      countId,
      itemId,
      itemKind: count.item_kind,
      counted,
      userId: auth.userId,
      storeIds: storeScopeOf(auth),
    });
    if (!isEntered) {
      const again = await mustFindCount(tx, auth, countId);
      throw again.status === 'counting' ? new AppError('not_found', COUNT_ITEM_NOT_IN_COUNT) : new AppError('conflict', COUNT_NOT_COUNTING);
    }
    await countBatches(tx, count.item_kind, { countId, itemId, batches });
    if (attachments?.length) await attachToCountLine(tx, auth, { countId, itemId, storeId: count.store_id, fileIds: attachments });
    // Only the entered line: a phone saves one line at a time, and a count may hold thousands.
    const [entered] = await findCountLines(tx, countId, count.item_kind, itemId);
    if (!entered) throw new AppError('not_found', COUNT_ITEM_NOT_IN_COUNT);
    return { status: 200 as const, body: { message: COUNT_LINE_ENTERED, line: presentCountLine(entered, isBlindFor(auth, count)) } };
  });
}

type CountLineBatch = { batch: string; counted: number; expiresOn?: string };

/** A material's line counted in another of its units, in stock units: the total and each batch, converted exactly. */
async function countedInStockUnits(
  tx: DbOrTx,
  auth: AuthContext,
  itemKind: ItemKind,
  line: { itemId: string; counted: number; unit?: string; batches?: CountLineBatch[] },
): Promise<{ counted: number; batches?: CountLineBatch[] }> {
  if (!line.unit) return line;
  if (itemKind !== 'material') throw new AppError('bad_request', TOOL_LINE_UNIT);
  const inStock = async (quantity: number) => (await inStockUnit(tx, auth, line.itemId, { quantity, unit: line.unit })).quantity;
  const batches: CountLineBatch[] = [];
  for (const row of line.batches ?? []) batches.push({ ...row, counted: await inStock(row.counted) });
  return { counted: await inStock(line.counted), batches: line.batches ? batches : undefined };
}

/**
 * What a counted line of a material kept by batch says of each batch, read beside what each holds
 * (its row is locked by the entry); any other item's line names none (400), and a line entered as a
 * quantity alone forgets the batches it named before. A new batch needs its expiry (400).
 */
async function countBatches(tx: DbOrTx, itemKind: ItemKind, line: { countId: string; itemId: string; batches?: CountLineBatch[] }) {
  const isTracked = itemKind === 'material' && (await tracksExpiry(tx, line.itemId));
  if (!line.batches) return isTracked ? clearCountedBatches(tx, line.countId, line.itemId) : undefined;
  if (!isTracked) {
    const [named] = await findCountLines(tx, line.countId, itemKind, line.itemId);
    throw new AppError('bad_request', batchNotTracked(named?.name ?? ''));
  }
  const undated = await replaceCountedBatches(tx, { countId: line.countId, itemId: line.itemId, batches: line.batches });
  if (undated.length > 0) {
    const [named] = await findCountLines(tx, line.countId, itemKind, line.itemId);
    throw new AppError('bad_request', batchRequired(named?.name ?? ''));
  }
}

/** Adds photos of what was found to a line being counted: files the keeper may attach, at most 10 on a line. */
async function attachToCountLine(
  tx: DbOrTx,
  auth: AuthContext,
  line: { countId: string; itemId: string; storeId: string; fileIds: string[] },
) {
  await assertAttachable(tx, { userId: auth.userId, storeIds: storeScopeOf(auth) }, line.fileIds);
  const result = await addCountLineAttachments(tx, { ...line, actorId: auth.userId, max: ATTACHMENTS_MAX });
  if (!result) throw new AppError('conflict', ATTACHMENTS_TOO_MANY);
}

/** Ends counting, idempotently: the count waits for review and posting; a repeat of the request answers the first. */
export function submitCount(db: Db, auth: AuthContext, countId: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const count = await mustFindCount(tx, auth, countId);
    if (count.counted_count === 0) throw new AppError('bad_request', COUNT_NOTHING_COUNTED);
    if (!(await changeCountStatus(tx, { countId, from: ['counting'], to: 'submitted', userId: auth.userId }))) {
      throw new AppError('conflict', COUNT_NOT_COUNTING);
    }
    return { status: 200 as const, body: { message: COUNT_SUBMITTED, count: await getCount(tx, auth, countId) } };
  });
}

/**
 * Posts a submitted count, idempotently: a repeat of the request answers the first posting. `today`
 * (in the app's time zone) is the day batches it takes from are judged expired on.
 */
export function postCount(
  db: Db,
  auth: AuthContext,
  countId: string,
  input: { reasons: Record<string, string>; today: string },
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx) => ({
    status: 200 as const,
    body: { message: COUNT_POSTED, count: await postCountIn(tx, auth, countId, input) },
  }));
}

/**
 * Posts a submitted count, once: one `adjustment` per non-zero difference, of counted − the balance
 * when it was counted, added to today's balance, so whatever moved after the count stays. Every
 * non-zero difference needs a reason; a keeper posts only when every difference is within the
 * store's tolerance. The status changes first, conditionally, so of two posts one does the work.
 */
async function postCountIn(
  tx: DbOrTx,
  auth: AuthContext,
  countId: string,
  { reasons, today }: { reasons: Record<string, string>; today: string },
): Promise<Count> {
  const count = await mustFindCount(tx, auth, countId);
  if (count.status === 'posted' || count.status === 'cancelled') throw new AppError('conflict', COUNT_ALREADY_CLOSED);
  if (count.status !== 'submitted') throw new AppError('conflict', COUNT_NOT_SUBMITTED);
  const lines = await findCountLines(tx, countId, count.item_kind);
  const differing = lines.filter((line) => adjustmentsOf(line).length > 0);
  const unexplained = differing.filter((line) => !reasons[line.item_id]?.trim());
  if (unexplained.length > 0) throw new AppError('bad_request', countReasonsMissing(unexplained.map((line) => line.name)));
  if (!canPost(auth, count, lines)) throw new AppError('forbidden', COUNT_BEYOND_TOLERANCE);
  if (!(await changeCountStatus(tx, { countId, from: ['submitted'], to: 'posted', userId: auth.userId }))) {
    throw new AppError('conflict', COUNT_ALREADY_CLOSED);
  }
  for (const line of differing) {
    for (const [index, adjustment] of adjustmentsOf(line).entries()) {
      await recordMovementOrRefuse(
        tx,
        {
          itemKind: count.item_kind,
          itemId: line.item_id,
          storeIds: storeScopeOf(auth),
          kind: 'adjustment',
          quantity: adjustment.quantity,
          actorId: auth.userId,
          reason: reasons[line.item_id]?.trim(),
          countId,
          // The line's photos go with its first adjustment.
          attachments: index === 0 ? line.attachments.map((file) => file._id) : undefined,
          batch: adjustment.batch,
          today,
        },
        {
          notFound: count.item_kind === 'material' ? MATERIAL_NOT_FOUND : TOOL_NOT_FOUND,
          refused: () => countWouldGoNegative(line.name),
        },
      );
    }
  }
  return getCount(tx, auth, countId);
}

/**
 * The adjustments a counted line posts: counted − expected, of each batch when it was counted batch
 * by batch (a batch brought in by the count with its expiry), else of the item; none for a line not
 * counted or counted as expected.
 */
function adjustmentsOf(line: CountLineRow): { quantity: number; batch?: ReturnType<typeof batchMoveOf> }[] {
  if (line.counted === null || line.expected === null) return [];
  if (!line.batches) {
    const quantity = quantityLess(line.counted, line.expected);
    return quantity === 0 ? [] : [{ quantity }];
  }
  return line.batches
    .map((row) => ({ row, quantity: quantityLess(row.counted, row.expected) }))
    .filter(({ quantity }) => quantity !== 0)
    .map(({ row, quantity }) => ({
      quantity,
      batch: batchMoveOf('adjustment', row.batch, undefined, quantity > 0 ? (row.expiresOn ?? undefined) : undefined),
    }));
}

/** Cancels a count that is not posted: nothing moves, and its items are free for another count. */
export function cancelCount(db: Db, auth: AuthContext, countId: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    await mustFindCount(tx, auth, countId);
    if (!(await changeCountStatus(tx, { countId, from: ['counting', 'submitted'], to: 'cancelled', userId: auth.userId }))) {
      throw new AppError('conflict', COUNT_ALREADY_CLOSED);
    }
    return { status: 200 as const, body: { message: COUNT_CANCELLED, count: await getCount(tx, auth, countId) } };
  });
}
