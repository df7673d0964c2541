import { LABEL_LAYOUTS, type LabelLayout } from '@stockyard/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { FONT_NAMES, type FontName, fontData, fontRuns } from '../../lib/pdf/fonts';
import type { LabelItemRow } from './labels.repository';

const MM = 72 / 25.4;
/** Inside each label, so a slightly misfed sheet still keeps the print on the label. */
const PADDING_MM = 3;
/** The blank border a QR code needs around it to be read (four modules, as the standard asks). */
const QUIET_MODULES = 4;
const QR_MAX_MM = 25;

type Doc = InstanceType<typeof PDFDocument>;

/** Draws a QR code of `text` (error correction M) as filled squares, its quiet zone included in `size`. */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const module = size / (count + 2 * QUIET_MODULES);
  doc.save().fillColor('black');
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (qr.modules.get(row, column)) {
        doc.rect(x + (column + QUIET_MODULES) * module, y + (row + QUIET_MODULES) * module, module, module);
      }
    }
  }
  doc.fill().restore();
}

function widthOf(doc: Doc, text: string, size: number, base: FontName): number {
  return fontRuns(text, base).reduce((sum, run) => sum + doc.font(run.font).fontSize(size).widthOfString(run.text), 0);
}

/** Cuts `text` with an ellipsis to fit `width`. */
function fitted(doc: Doc, text: string, width: number, size: number, base: FontName): string {
  if (widthOf(doc, text, size, base) <= width) return text;
  let shown = text;
  while (shown.length > 1 && widthOf(doc, `${shown}…`, size, base) > width) shown = shown.slice(0, -1);
  return `${shown.trimEnd()}…`;
}

/** Breaks `text` at spaces into at most `lines` lines of `width`, the last cut short if it must be. */
function wrapped(doc: Doc, text: string, width: number, size: number, base: FontName, lines: number): string[] {
  const result: string[] = [];
  let rest = text.trim();
  while (rest && result.length < lines - 1) {
    const words = rest.split(' ');
    let line = words[0] ?? '';
    let used = 1;
    while (used < words.length && widthOf(doc, `${line} ${words[used]}`, size, base) <= width) line += ` ${words[used++]}`;
    if (widthOf(doc, line, size, base) > width) break;
    result.push(line);
    rest = words.slice(used).join(' ');
  }
  if (rest) result.push(fitted(doc, rest, width, size, base));
  return result;
}

/** Writes one line of text in runs of the fonts its scripts need. */
function writeLine(doc: Doc, text: string, x: number, y: number, size: number, base: FontName): void {
  const runs = fontRuns(text, base);
  doc.text('', x, y, { lineBreak: false });
  runs.forEach((run, index) => {
    doc
      .font(run.font)
      .fontSize(size)
      .text(run.text, { continued: index < runs.length - 1, lineBreak: false });
  });
}

/** Where each label of a layout sits, in points from the page's top left. */
export function labelBoxes(layout: LabelLayout): { x: number; y: number; width: number; height: number }[] {
  const sheet = LABEL_LAYOUTS[layout];
  const boxes = [];
  for (let row = 0; row < sheet.rows; row += 1) {
    for (let column = 0; column < sheet.columns; column += 1) {
      boxes.push({
        x: (sheet.left + column * (sheet.width + sheet.gapX)) * MM,
        y: (sheet.top + row * (sheet.height + sheet.gapY)) * MM,
        width: sheet.width * MM,
        height: sheet.height * MM,
      });
    }
  }
  return boxes;
}

/**
 * A4 sheets of labels, one per item in the order given, starting `skip` positions into the first
 * sheet: each a QR code of the item's code beside its name, size and unit, store, and the code in text.
 */
export function labelSheetPdf(items: LabelItemRow[], layout: LabelLayout, skip: number): Doc {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Stockyard labels' } });
  for (const name of FONT_NAMES) doc.registerFont(name, fontData(name));
  const boxes = labelBoxes(layout);
  const padding = PADDING_MM * MM;
  items.forEach((item, index) => {
    const position = (skip + index) % boxes.length;
    if (index === 0 || position === 0) doc.addPage();
    const box = boxes[position] as (typeof boxes)[number];
    // Square, at most 25 mm (read from arm's length), leaving the rest of the label to the words.
    const qrSize = Math.min(box.height - 2 * padding, QR_MAX_MM * MM);
    drawQr(doc, item.code, box.x + padding, box.y + (box.height - qrSize) / 2, qrSize);
    const textX = box.x + padding + qrSize + 2;
    const textWidth = box.width - (textX - box.x) - padding;
    const details = [item.size, item.unit].filter(Boolean).join(' · ');
    let y = box.y + padding + 1;
    for (const line of wrapped(doc, item.name, textWidth, 9, 'bold', 2)) {
      writeLine(doc, line, textX, y, 9, 'bold');
      y += 12;
    }
    for (const line of [details, item.store_name].filter(Boolean)) {
      writeLine(doc, fitted(doc, line, textWidth, 7.5, 'sans'), textX, y, 7.5, 'sans');
      y += 10;
    }
    writeLine(doc, item.code, textX, box.y + box.height - padding - 11, 10, 'bold');
  });
  doc.end();
  return doc;
}
