import {
  MATERIAL_NOT_FOUND,
  notEnoughToDispatch,
  quantityWhole,
  receiptTooMuch,
  TOOL_NOT_FOUND,
  TRANSFER_CANCELLED,
  TRANSFER_CLOSED,
  TRANSFER_CREATED,
  TRANSFER_DISPATCHED,
  TRANSFER_ITEM_REPEATED,
  TRANSFER_LINE_UNKNOWN,
  TRANSFER_NOT_DRAFT,
  TRANSFER_NOT_FOUND,
  TRANSFER_NOT_IN_TRANSIT,
  TRANSFER_RECEIVED,
  TRANSFER_RECEIVER_ONLY,
  TRANSFER_SAME_STORE,
  TRANSFER_SENDER_ONLY,
  type Transfer,
  type TransferCreateSchema,
  type TransferDispatch,
  type TransferQuerySchema,
  type TransferReceiveSchema,
  transferReference,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { ItemKind } from '../../db/schema';
import { assertStoreVisible, canAccessStore, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import type { TablePdf } from '../../lib/pdf/table-pdf';
import { quantityOf, quantitySum } from '../../lib/quantities';
import { type PrintContext, printedPhotosOf } from '../files/printed-photos';
import { assertFitsDecimals, inStockUnit } from '../materials/materials.service';
import { moveIncoming, recordMovementOrRefuse } from '../movements/movements.service';
import { notifyStore } from '../replenishment/notifications.service';
import { assertStoreTakesStock } from '../stores/stores.service';
import { receiptParts, wholeParts } from './transfer-batches.service';
import { transferEvent, transferNoteFileName, transferNotePdf } from './transfer-note-file';
import { inTransitOf, linesText, presentTransfer, presentTransferHistory } from './transfers.presenter';
import {
  addReceipt,
  changeStatus,
  closeRequestLines,
  findItemsByName,
  findStoreItems,
  findTransfer,
  findTransferHistory,
  findTransferLines,
  findTransfers,
  insertTransfer,
  insertTransferLines,
  receivingItem,
  settleStatus,
  type TransferRow,
  writeOffRemaining,
} from './transfers.repository';

export type DraftLine = { itemKind: ItemKind; itemId: string; quantity: number };

const IN_TRANSIT = ['dispatched', 'partially_received'] as const;

/**
 * Moves the incoming quantity of the receiving materials a transfer's lines count toward, in id
 * order, so two transactions lock the same rows in the same order.
 */
async function moveIncomingOf(tx: DbOrTx, lines: { countsIncoming: boolean; toItemId: string | null; delta: number }[]) {
  const counted = lines.filter((line): line is typeof line & { toItemId: string } => line.countsIncoming && line.toItemId !== null);
  counted.sort((a, b) => a.toItemId.localeCompare(b.toItemId));
  for (const line of counted) await moveIncoming(tx, line.toItemId, line.delta);
}

/** A transfer's lines, in item order, so two transactions lock the same rows in the same order. */
const byItem = <T extends { from_item_id: string }>(lines: T[]) => [...lines].sort((a, b) => a.from_item_id.localeCompare(b.from_item_id));

async function loadTransfer(db: DbOrTx, auth: AuthContext, row: TransferRow): Promise<Transfer> {
  return presentTransfer(row, await findTransferLines(db, [row.id]), auth);
}

async function mustFind(db: DbOrTx, auth: AuthContext, id: string, lock = false): Promise<TransferRow> {
  const row = await findTransfer(db, id, storeScopeOf(auth), lock);
  if (!row) throw new AppError('not_found', TRANSFER_NOT_FOUND);
  return row;
}

export async function getTransfer(db: DbOrTx, auth: AuthContext, id: string) {
  const row = await mustFind(db, auth, id);
  const history = await findTransferHistory(db, id);
  return {
    transfer: await loadTransfer(db, auth, row),
    history: history.map(presentTransferHistory),
  };
}

/** A transfer of the caller's stores as a transfer note: its lines, the photos on its ledger lines, lines to sign. */
export async function transferNote(db: Db, auth: AuthContext, id: string, context: PrintContext): Promise<{ name: string; pdf: TablePdf }> {
  const { generated, texts } = context;
  const transfer = await loadTransfer(db, auth, await mustFind(db, auth, id));
  const printed = (await findTransferHistory(db, id)).map((line) => ({ ...line, event: transferEvent(line.kind, texts) }));
  const photos = await printedPhotosOf(db, auth, printed, context);
  return { name: transferNoteFileName(transfer), pdf: transferNotePdf(transfer, photos, generated, texts) };
}

export async function listTransfers(db: DbOrTx, auth: AuthContext, query: z.output<typeof TransferQuerySchema>) {
  assertStoreVisible(auth, query.storeId);
  const { rows, total } = await findTransfers(db, { ...query, storeIds: storeScopeOf(auth) });
  const lines = await findTransferLines(
    db,
    rows.map((row) => row.id),
  );
  return {
    transfers: rows.map((row) =>
      presentTransfer(
        row,
        lines.filter((line) => line.transfer_id === row.id),
        auth,
      ),
    ),
    total,
  };
}

/**
 * A draft transfer from one store to another (an admin's, or a keeper's of the sending store). Each
 * line names a live item of the sending store; a material the receiving store also has (by name) is
 * counted as on its way to it from now, so the reorder point sees it.
 */
export async function createTransferIn(
  tx: DbOrTx,
  auth: AuthContext,
  input: { fromStoreId: string; toStoreId: string; lines: DraftLine[]; requestId?: string | null },
): Promise<Transfer> {
  if (input.fromStoreId === input.toStoreId) throw new AppError('bad_request', TRANSFER_SAME_STORE);
  if (!canAccessStore(auth, input.fromStoreId)) throw new AppError('forbidden', TRANSFER_SENDER_ONLY);
  await assertStoreTakesStock(tx, input.fromStoreId);
  await assertStoreTakesStock(tx, input.toStoreId);
  const ids = input.lines.map((line) => line.itemId);
  if (new Set(ids).size !== ids.length) throw new AppError('bad_request', TRANSFER_ITEM_REPEATED);

  const resolved = [];
  for (const kind of ['material', 'tool'] as const) {
    const wanted = input.lines.filter((line) => line.itemKind === kind);
    if (wanted.length === 0) continue;
    const found = new Map(
      (
        await findStoreItems(
          tx,
          kind,
          input.fromStoreId,
          wanted.map((line) => line.itemId),
        )
      ).map((item) => [item.id, item.name]),
    );
    const missing = wanted.find((line) => !found.has(line.itemId));
    if (missing) throw new AppError('not_found', kind === 'material' ? MATERIAL_NOT_FOUND : TOOL_NOT_FOUND);
    if (kind === 'material')
      await assertFitsDecimals(
        tx,
        wanted.map((line) => ({ materialId: line.itemId, quantity: line.quantity })),
      );
    const partOfTool = wanted.find((line) => !Number.isInteger(line.quantity));
    if (kind === 'tool' && partOfTool) throw new AppError('bad_request', quantityWhole(found.get(partOfTool.itemId) as string));
    const atDestination = await findItemsByName(tx, kind, input.toStoreId, [...found.values()]);
    for (const line of wanted) {
      const name = found.get(line.itemId) as string;
      const toItemId = atDestination.get(name.toLowerCase()) ?? null;
      resolved.push({
        itemKind: kind,
        fromItemId: line.itemId,
        toItemId,
        name,
        quantity: line.quantity,
        countsIncoming: kind === 'material' && toItemId !== null,
      });
    }
  }
  const id = await insertTransfer(tx, {
    fromStoreId: input.fromStoreId,
    toStoreId: input.toStoreId,
    requestId: input.requestId ?? null,
    createdBy: auth.userId,
  });
  await insertTransferLines(tx, id, resolved);
  await moveIncomingOf(
    tx,
    resolved.map((line) => ({ countsIncoming: line.countsIncoming, toItemId: line.toItemId, delta: line.quantity })),
  );
  return loadTransfer(tx, auth, await mustFind(tx, auth, id));
}

/**
 * Sends a draft: the status changes first in a conditional UPDATE (so it is dispatched once), then
 * each line leaves the sending store through the ledger statement as `transfer_out` (409 when short).
 * From then on the goods are in transit: in neither store.
 */
async function dispatchTransferIn(
  tx: DbOrTx,
  auth: AuthContext,
  id: string,
  body: TransferDispatch & { today: string },
  key?: string,
): Promise<Transfer> {
  const row = await mustFind(tx, auth, id);
  if (!canAccessStore(auth, row.from_store_id)) throw new AppError('forbidden', TRANSFER_SENDER_ONLY);
  if (!(await changeStatus(tx, id, ['draft'], 'dispatched', auth.userId))) {
    throw new AppError('conflict', TRANSFER_NOT_DRAFT);
  }
  const reason = `${transferReference(id)} to ${row.to_store_name}`;
  for (const line of byItem(await findTransferLines(tx, [id]))) {
    await recordMovementOrRefuse(
      tx,
      {
        itemKind: line.item_kind,
        itemId: line.from_item_id,
        storeIds: [row.from_store_id],
        kind: 'transfer_out',
        quantity: quantityOf(line.quantity),
        actorId: auth.userId,
        today: body.today,
        reason,
        transferLineId: line.id,
        idempotencyKey: key,
        attachments: body.attachments,
        location: body.location,
      },
      {
        notFound: line.item_kind === 'material' ? MATERIAL_NOT_FOUND : TOOL_NOT_FOUND,
        refused: (current) => notEnoughToDispatch(line.name, quantityOf(current.available_quantity), quantityOf(line.quantity)),
      },
    );
  }
  const transfer = await loadTransfer(tx, auth, await mustFind(tx, auth, id));
  await notifyStore(tx, {
    storeId: row.to_store_id,
    keepers: true,
    admins: false,
    kind: 'transfer',
    code: 'transferDispatched',
    params: [transfer.reference, row.from_store_name, row.to_store_name, linesText(transfer.lines)],
    exceptUserId: auth.userId,
  });
  return transfer;
}

/**
 * Records what arrived (a keeper's of the receiving store, or an admin's); repeatable for partial
 * receipts. Per line, one conditional UPDATE keeps received + damaged + lost within what was sent;
 * then the receiving store's item of the same name (made if it has none) takes it all in as
 * `store_transfer_in`, and what arrived damaged goes out again as `damage`, so the store's row shows both.
 */
async function receiveTransferIn(
  tx: DbOrTx,
  auth: AuthContext,
  id: string,
  body: z.output<typeof TransferReceiveSchema> & { today: string },
  key?: string,
): Promise<Transfer> {
  const row = await mustFind(tx, auth, id, true);
  if (!canAccessStore(auth, row.to_store_id)) throw new AppError('forbidden', TRANSFER_RECEIVER_ONLY);
  if (!IN_TRANSIT.includes(row.status as (typeof IN_TRANSIT)[number])) throw new AppError('conflict', TRANSFER_NOT_IN_TRANSIT);
  const lines = new Map((await findTransferLines(tx, [id])).map((line) => [line.id, line]));
  const receipts = [...(body.lines ?? [])].sort((a, b) => a.lineId.localeCompare(b.lineId));
  const reference = transferReference(id);
  for (const receipt of receipts) {
    const line = lines.get(receipt.lineId);
    if (!line) throw new AppError('bad_request', TRANSFER_LINE_UNKNOWN);
    const received = receipt.received ?? 0;
    const damaged = receipt.damaged ?? 0;
    if (received + damaged === 0) continue;
    const updated = await addReceipt(tx, id, line.id, received, damaged);
    if (!updated) throw new AppError('conflict', receiptTooMuch(line.name, inTransitOf(line, row.status)));
    const itemId = await receivingItem(tx, line, row.to_store_id);
    const common = {
      itemKind: line.item_kind,
      itemId,
      storeIds: [row.to_store_id],
      actorId: auth.userId,
      transferLineId: line.id,
      today: body.today,
    };
    const refusals = {
      notFound: line.item_kind === 'material' ? MATERIAL_NOT_FOUND : TOOL_NOT_FOUND,
      refused: () => TRANSFER_NOT_IN_TRANSIT,
    };
    const arrived = { total: quantitySum([received, damaged]), damaged, batch: receipt.batch, expiresOn: receipt.expiresOn };
    const parts = line.item_kind === 'material' ? await receiptParts(tx, line, itemId, arrived) : wholeParts(arrived);
    // All that arrived comes in under the receipt's key; what arrived damaged then goes out again.
    const moves = [
      ...parts.received.map((part) => ({
        part,
        kind: 'store_transfer_in' as const,
        reason: `${reference} from ${row.from_store_name}`,
        key,
      })),
      ...parts.damaged.map((part) => ({ part, kind: 'damage' as const, reason: `Damaged in transit (${reference})`, key: undefined })),
    ];
    for (const move of moves) {
      await recordMovementOrRefuse(
        tx,
        {
          ...common,
          kind: move.kind,
          quantity: move.part.quantity,
          reason: move.reason,
          idempotencyKey: move.key,
          attachments: body.attachments,
          location: body.location,
          batch: move.part.batch,
        },
        refusals,
      );
    }
    if (line.counts_incoming && line.to_item_id) await moveIncoming(tx, line.to_item_id, -arrived.total);
  }
  const status = await settleStatus(tx, id);
  if (status !== 'partially_received') await closeRequestLines(tx, id);
  const transfer = await loadTransfer(tx, auth, await mustFind(tx, auth, id));
  if (status === 'received_with_discrepancy') {
    const { damaged, lost } = transfer.totals;
    await notifyStore(tx, {
      storeId: row.from_store_id,
      keepers: true,
      admins: true,
      kind: 'transfer',
      code: lost > 0 ? 'transferArrivedLost' : 'transferArrivedDamaged',
      params: [transfer.reference, row.from_store_name, row.to_store_name, damaged, ...(lost > 0 ? [lost] : [])],
      exceptUserId: auth.userId,
    });
  }
  return transfer;
}

/** Cancels a draft (nothing has moved yet): what it counted as on its way is no longer. */
async function cancelTransferIn(tx: DbOrTx, auth: AuthContext, id: string): Promise<Transfer> {
  const row = await mustFind(tx, auth, id);
  if (!canAccessStore(auth, row.from_store_id)) throw new AppError('forbidden', TRANSFER_SENDER_ONLY);
  if (!(await changeStatus(tx, id, ['draft'], 'cancelled', auth.userId))) {
    throw new AppError('conflict', TRANSFER_NOT_DRAFT);
  }
  await moveIncomingOf(
    tx,
    (await findTransferLines(tx, [id])).map((line) => ({
      countsIncoming: line.counts_incoming,
      toItemId: line.to_item_id,
      delta: -line.quantity,
    })),
  );
  await closeRequestLines(tx, id);
  return loadTransfer(tx, auth, await mustFind(tx, auth, id));
}

/**
 * An admin closes a transfer that will not arrive in full: what is still in transit is written off
 * as a transit loss, which belongs to neither store (the sender recorded it leaving; the receiver
 * never had it). It shows on the transfer and in the company's view of goods written off.
 */
async function closeTransferIn(tx: DbOrTx, auth: AuthContext, id: string, reason: string): Promise<Transfer> {
  const row = await mustFind(tx, auth, id, true);
  if (!IN_TRANSIT.includes(row.status as (typeof IN_TRANSIT)[number])) throw new AppError('conflict', TRANSFER_NOT_IN_TRANSIT);
  const written = await writeOffRemaining(tx, id, { actorId: auth.userId, reason: `${transferReference(id)}: ${reason}` });
  await moveIncomingOf(
    tx,
    written.map((line) => ({ countsIncoming: line.counts_incoming, toItemId: line.to_item_id, delta: -line.written_off })),
  );
  await settleStatus(tx, id, { userId: auth.userId, reason });
  await closeRequestLines(tx, id);
  return loadTransfer(tx, auth, await mustFind(tx, auth, id));
}

/** Runs a step of a transfer idempotently, answering its message and the transfer as it now stands. */
function answerTransfer<S extends 200 | 201>(
  db: Db,
  requestKey: RequestKey | undefined,
  answer: { status: S; message: string },
  step: (tx: DbOrTx, key: string | undefined) => Promise<Transfer>,
) {
  return runIdempotent(db, requestKey, async (tx, key) => ({
    status: answer.status,
    body: { message: answer.message, transfer: await step(tx, key) },
  }));
}

/** Makes a draft transfer from a request's lines, each a material or a tool. */
export function createTransfer(db: Db, auth: AuthContext, input: z.output<typeof TransferCreateSchema>, requestKey?: RequestKey) {
  return answerTransfer(db, requestKey, { status: 201, message: TRANSFER_CREATED }, async (tx) => {
    const lines = [];
    for (const line of input.lines) {
      // A material's quantity in another of its units travels as its stock units.
      const quantity = line.materialId ? (await inStockUnit(tx, auth, line.materialId, line)).quantity : line.quantity;
      lines.push({
        itemKind: line.materialId ? ('material' as const) : ('tool' as const),
        itemId: (line.materialId ?? line.toolId) as string,
        quantity,
      });
    }
    return createTransferIn(tx, auth, { fromStoreId: input.fromStoreId, toStoreId: input.toStoreId, lines });
  });
}

/** Sends a draft; `today` (in the app's time zone) is the day batches are judged expired on. */
export function dispatchTransfer(
  db: Db,
  auth: AuthContext,
  id: string,
  body: TransferDispatch & { today: string },
  requestKey?: RequestKey,
) {
  return answerTransfer(db, requestKey, { status: 200, message: TRANSFER_DISPATCHED }, (tx, key) =>
    dispatchTransferIn(tx, auth, id, body, key),
  );
}

export function receiveTransfer(
  db: Db,
  auth: AuthContext,
  id: string,
  body: z.output<typeof TransferReceiveSchema> & { today: string },
  requestKey?: RequestKey,
) {
  return answerTransfer(db, requestKey, { status: 200, message: TRANSFER_RECEIVED }, (tx, key) =>
    receiveTransferIn(tx, auth, id, body, key),
  );
}

export function cancelTransfer(db: Db, auth: AuthContext, id: string, requestKey?: RequestKey) {
  return answerTransfer(db, requestKey, { status: 200, message: TRANSFER_CANCELLED }, (tx) => cancelTransferIn(tx, auth, id));
}

export function closeTransfer(db: Db, auth: AuthContext, id: string, reason: string, requestKey?: RequestKey) {
  return answerTransfer(db, requestKey, { status: 200, message: TRANSFER_CLOSED }, (tx) => closeTransferIn(tx, auth, id, reason));
}
