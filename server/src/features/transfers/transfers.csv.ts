import type { Transfer } from '@stockyard/contract';
import { sheetTimeIn } from '../../lib/calendar';
import type { CsvColumn } from '../../lib/csv-export';

type TransferLine = Transfer['lines'][number];
/** One line of a transfer with the transfer it belongs to. */
export type TransferLineRow = { transfer: Transfer; line: TransferLine };

/** Transfers as a spreadsheet: one line per item sent, so quantities add up in a pivot. */
export const TRANSFER_LINE_COLUMNS: readonly CsvColumn<TransferLineRow>[] = [
  ['Reference', ({ transfer }) => transfer.reference],
  ['From', ({ transfer }) => transfer.fromStore.name],
  ['To', ({ transfer }) => transfer.toStore.name],
  ['Status', ({ transfer }) => transfer.status],
  ['Created', ({ transfer }, timeZone) => sheetTimeIn(transfer.createdAt, timeZone)],
  ['Dispatched', ({ transfer }, timeZone) => (transfer.dispatchedAt ? sheetTimeIn(transfer.dispatchedAt, timeZone) : '')],
  ['Item', ({ line }) => line.name],
  ['Unit', ({ line }) => line.unit],
  ['Quantity', ({ line }) => line.quantity],
  ['Received', ({ line }) => line.received],
  ['Damaged', ({ line }) => line.damaged],
  ['Lost', ({ line }) => line.lost],
  ['In Transit', ({ line }) => line.inTransit],
];

export function transferLineRows(transfers: Transfer[]): TransferLineRow[] {
  return transfers.flatMap((transfer) => transfer.lines.map((line) => ({ transfer, line })));
}
