import { type Count, fillPrinted, type PrintedTexts } from '@stockyard/contract';
import { dateTimeIn } from '../../lib/calendar';
import { generatedNote, type TablePdf, tableStyle } from '../../lib/pdf/table-pdf';

/** Portrait A4 with room to write: a blank Counted column and a Notes column, larger rows. */
const STYLE = tableStyle([22, 50, 92], { tableTop: 22, cellPadding: 3, stripe: [242, 242, 242] });

export function countSheetFileName(count: Count): string {
  return `${count.store.name}-count-${count.createdAt.slice(0, 10)}.pdf`;
}

/**
 * A count sheet for counting on paper: each item with its unit and empty boxes, blind (no expected
 * quantity) as counting is; what was already entered on a phone is printed, to be checked.
 */
export function countSheetPdf(count: Count, generated: { at: Date; by: string; timeZone: string }, texts: PrintedTexts): TablePdf {
  const [item, unit, counted, notes] = texts.countColumns;
  return {
    style: STYLE,
    title: fillPrinted(texts.countOf[count.itemKind], {
      store: count.store.name,
      when: dateTimeIn(new Date(count.createdAt), generated.timeZone),
    }),
    columns: [
      { header: item, width: 80, align: 'left' },
      { header: unit, width: 24, align: 'left' },
      { header: counted, width: 28, align: 'right' },
      { header: notes, width: 50, align: 'left' },
    ],
    rows: count.lines.map((line) => [line.name, line.unit, line.counted === null ? '' : String(line.counted), '']),
    footer: `${count.store.name} · ${generatedNote(texts, generated)}`,
    page: texts.page,
    signatures: [texts.countedBy, texts.checkedBy],
  };
}
