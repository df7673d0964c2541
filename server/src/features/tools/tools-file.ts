import { Readable } from 'node:stream';
import { CSV_BOM, csvLine, type Tool } from '@stockyard/contract';

const COLUMNS = ['Store', 'Name', 'Quantity', 'Available Quantity', 'Issued', 'With workers', 'Damaged', 'Return', 'Lost'];

/** The caller's tools as CSV, lost tools in a column of their own (UTF-8 with BOM, CRLF lines). */
export function toolsCsv(tools: Tool[]): Readable {
  return Readable.from([
    `${CSV_BOM}${csvLine(COLUMNS)}`,
    ...tools.map((tool) =>
      csvLine([
        tool.storeId.name,
        tool.name,
        tool.totalQuantity,
        tool.availableQuantity,
        tool.consumedQuantity,
        tool.inCustodyQuantity,
        tool.damagedQuantity,
        tool.refundQuantity,
        tool.lostQuantity,
      ]),
    ),
  ]);
}
