import { ddmmyyyy, fillPrinted, type PrintedTexts, type PurchaseOrder } from '@stockyard/contract';
import Big from 'big.js';
import { moneyText } from '../../lib/money';
import { generatedNote, type TablePdf, tableStyle } from '../../lib/pdf/table-pdf';
import { amountWriter } from '../valuation/valuation-files';

const STYLE = tableStyle([22, 47, 85], { tableTop: 22, fontSize: 9, stripe: [240, 240, 240] });

export function purchaseOrderFileName(order: PurchaseOrder): string {
  return `purchase_order_${order.number}.pdf`;
}

type Line = PurchaseOrder['lines'][number];

/** A line as the supplier sells it: in the unit it was ordered in, else the stock unit. */
const asOrdered = (line: Line) => line.orderedIn ?? { quantity: line.quantity, unit: line.unit, unitCost: line.unitCost };

/** A line's quantity at its cost, rounded to the cent as the order's total adds it up. */
const lineValue = (line: Line) => moneyText(new Big(asOrdered(line).quantity).times(asOrdered(line).unitCost));

/** An order as the supplier reads it: what, how many, at what cost, where to deliver it and by when. */
export function purchaseOrderPdf(
  order: PurchaseOrder,
  context: { currency: string; generated: { at: Date; by: string; timeZone: string } },
  texts: PrintedTexts,
): TablePdf {
  const amount = amountWriter(texts.language);
  const [material, quantity, unitCost, value] = texts.purchaseOrderColumns;
  const delivery = [fillPrinted(texts.deliverTo, { store: order.store.name })];
  if (order.needBy) delivery.push(fillPrinted(texts.neededBy, { day: ddmmyyyy(order.needBy) }));
  return {
    style: STYLE,
    title: fillPrinted(texts.purchaseOrderOf, { number: order.number, supplier: order.supplier.name }),
    columns: [
      { header: material, width: 82, align: 'left' },
      { header: quantity, width: 32, align: 'right' },
      { header: `${unitCost} (${context.currency})`, width: 32, align: 'right' },
      { header: `${value} (${context.currency})`, width: 36, align: 'right' },
    ],
    rows: order.lines.map((line) => {
      const ordered = asOrdered(line);
      return [line.name, `${ordered.quantity} ${ordered.unit}`.trim(), ordered.unitCost, amount(lineValue(line))];
    }),
    totals: [[texts.total, '', '', amount(order.total)]],
    note: delivery.join(' · '),
    footer: `${order.number} · ${generatedNote(texts, context.generated)}`,
    page: texts.page,
  };
}
