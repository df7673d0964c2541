import { Readable } from 'node:stream';
import { CSV_BOM, csvLine, ddmmyyyy, fillPrinted, type JobCostResponse, type PrintedTexts } from '@stockyard/contract';
import { generatedNote, type TablePdf, tableStyle } from '../../lib/pdf/table-pdf';
import { amountWriter } from '../valuation/valuation-files';

const STYLE = tableStyle([22, 47, 85], { tableTop: 22, fontSize: 9, stripe: [240, 240, 240] });

export function jobCostFileName(cost: JobCostResponse, format: 'pdf' | 'csv'): string {
  return `job_cost_${cost.job.code.replace(/[^\w.-]+/g, '_')}.${format}`;
}

function rangeOf(cost: JobCostResponse, texts: PrintedTexts): string {
  if (!cost.from && !cost.to) return texts.anyDay;
  return `${cost.from ? ddmmyyyy(cost.from) : '…'} - ${cost.to ? ddmmyyyy(cost.to) : '…'}`;
}

/** A line's name: its label, or its key when it has none (a cost code not named). */
const lineName = (line: JobCostResponse['lines'][number]) => line.label || line.key || '—';

/** What a job cost, as a table document: its lines, the total, and the budget it used. */
export function jobCostPdf(cost: JobCostResponse, generated: { at: Date; by: string; timeZone: string }, texts: PrintedTexts): TablePdf {
  const amount = amountWriter(texts.language);
  const [line, quantity, value] = texts.jobCostColumns;
  const byMaterial = cost.groupBy === 'material';
  const percent = new Intl.NumberFormat(texts.language, { style: 'percent', maximumFractionDigits: 1 });
  return {
    style: STYLE,
    title: fillPrinted(texts.jobCostOf, { job: `${cost.job.code} ${cost.job.name}`, range: rangeOf(cost, texts) }),
    columns: [
      { header: line, width: byMaterial ? 100 : 130, align: 'left' },
      ...(byMaterial ? [{ header: quantity, width: 30, align: 'right' as const }] : []),
      { header: `${value} (${cost.currency})`, width: 52, align: 'right', marksNegative: true },
    ],
    rows: cost.lines.map((row) => [
      row.key && row.label && cost.groupBy === 'costCode' ? `${row.key} ${row.label}` : lineName(row),
      ...(byMaterial ? [`${row.quantity ?? 0} ${row.unit ?? ''}`] : []),
      amount(row.value),
    ]),
    totals: [[texts.total, ...(byMaterial ? [''] : []), amount(cost.total)]],
    note:
      cost.budget === null || cost.used === null
        ? undefined
        : fillPrinted(texts.budgetUsed, { budget: `${amount(cost.budget)} ${cost.currency}`, percent: percent.format(cost.used) }),
    footer: `${cost.job.code} · ${generatedNote(texts, generated)}`,
    page: texts.page,
    signatures: [texts.preparedBy, texts.checkedBy],
  };
}

export const JOB_COST_CSV_COLUMNS = ['Key', 'Label', 'Quantity', 'Unit', 'Value'];

/** What a job cost as CSV: its lines and the total, amounts as plain decimals. */
export function jobCostCsv(cost: JobCostResponse): Readable {
  return Readable.from(
    (function* lines() {
      yield `${CSV_BOM}${csvLine(JOB_COST_CSV_COLUMNS)}`;
      for (const row of cost.lines) yield csvLine([row.key ?? '', row.label, row.quantity ?? '', row.unit ?? '', row.value]);
      yield csvLine(['', 'Total', '', '', cost.total]);
    })(),
  );
}
