import { fillPrinted, type PrintedTexts } from '@stockyard/contract';
import PDFDocument from 'pdfkit';
import { dateTimeIn } from '../calendar';
import { FONT_NAMES, type FontName, fontData, fontRuns } from './fonts';

type Rgb = [number, number, number];

/** Who made a printed document and when ("Generated dd/mm/yyyy hh:mm by {name}"), in its language. */
export function generatedNote(texts: PrintedTexts, made: { at: Date; by: string; timeZone: string }): string {
  return fillPrinted(texts.generated, { when: dateTimeIn(made.at, made.timeZone), by: made.by });
}

export type TableColumn = {
  header: string;
  /** millimetres */
  width: number;
  align?: 'left' | 'right';
  /** A negative figure in this column is printed in red (with the table's `note` saying why). */
  marksNegative?: boolean;
};

/** A table document: what to print, already as text; the layout rules are in `TableStyle`. */
export type TablePdf = {
  style: TableStyle;
  title: string;
  columns: TableColumn[];
  rows: string[][];
  /** The bold rows that end the table (a totals row, or one per unit). */
  totals?: string[][];
  /** Printed at the foot of every page, left; the page's number (`page`) is printed on the right. */
  footer?: string;
  /** How the page number is written: `{page}` of `{pages}`, in the document's language. */
  page: string;
  /**
   * The signature lines drawn under the table on the last page, two to a row: a label alone (a line to
   * sign on paper), or a label under a signature already drawn (a PNG).
   */
  signatures?: (string | SignedLine)[];
  /** A line printed under the table on the last page. */
  note?: string;
  /** Photos printed after the table, on pages of their own, each with what it shows under it. */
  photos?: PrintedPhoto[];
};

/** A photo on a record (a JPEG or PNG), printed with a line saying what it shows. */
export type PrintedPhoto = { label: string; image: Uint8Array };

/** A signature drawn on a phone, printed over its line with who signed and when. */
export type SignedLine = { label: string; image: Uint8Array };

export type TableStyle = {
  orientation: 'portrait' | 'landscape';
  /** All in millimetres but the font sizes, in points. */
  title: { x: number | 'centre'; y: number; size: number };
  tableTop: number;
  margin: { left: number; right: number };
  fontSize: number;
  cellPadding: number;
  head: { fill: Rgb; text: Rgb };
  stripe?: Rgb;
};

const WHITE: Rgb = [255, 255, 255];

/**
 * A table's style: portrait A4 with 14 mm margins, a 14 pt title at the top left and 10 pt cells,
 * with a header of the given colour in white letters, changed where `style` says.
 */
export function tableStyle(headFill: Rgb, style: Partial<Omit<TableStyle, 'head'>>): TableStyle {
  return {
    orientation: 'portrait',
    title: { x: 14, y: 14, size: 14 },
    tableTop: 20,
    margin: { left: 14, right: 14 },
    fontSize: 10,
    cellPadding: 2,
    head: { fill: headFill, text: WHITE },
    ...style,
  };
}

/** Dark red: a figure that is negative where figures are not usually, drawn so a reader's eye stops on it. */
const NEGATIVE_TEXT: Rgb = [170, 20, 20];
const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
const LINE_HEIGHT = 1.15;
const FOOTER_SIZE = 7;
const FOOTER_HEIGHT = 15 * MM;
const SIGNATURE_HEIGHT = 30 * MM;
const SIGNATURES_PER_ROW = 2;
const TOTALS_FILL: Rgb = [220, 228, 240];
const PHOTOS_PER_ROW = 2;
const PHOTO_ROWS = 3;
const PHOTO_CELL_HEIGHT = 82 * MM;
const PHOTO_GAP = 6 * MM;

type Doc = InstanceType<typeof PDFDocument>;
type Row = { cells: string[][]; height: number; kind: 'head' | 'body' | 'totals' };

/** The smallest letters a table shrinks to so that its columns' words fit side by side, in points. */
const MIN_FONT_SIZE = 5;
/** A column grows to hold its longest cell word up to this many millimetres; a longer word is broken. */
const MAX_WORD_COLUMN = 40;
/** How far the letters may shrink so that every cell fits on one line (past that, cells wrap at spaces). */
const MAX_SHRINK_TO_FIT_CELLS = 0.85;
/** A column grows to hold its longest cell on one line up to this many millimetres; a longer one wraps. */
const MAX_CELL_COLUMN = 60;
/** How many of a column's longest cells, and of their longest words, are measured. */
const WORD_CANDIDATES = 8;

/** Keeps a column's WORD_CANDIDATES longest words seen so far (the map: word → its length). */
function keepLongest(found: Map<string, number> | undefined, word: string) {
  if (!found || found.has(word)) return;
  if (found.size < WORD_CANDIDATES) {
    found.set(word, word.length);
    return;
  }
  let shortest: string | undefined;
  let shortestLength = Number.POSITIVE_INFINITY;
  for (const [kept, length] of found) {
    if (length < shortestLength) {
      shortest = kept;
      shortestLength = length;
    }
  }
  if (shortest !== undefined && word.length > shortestLength) {
    found.delete(shortest);
    found.set(word, word.length);
  }
}

/** The widest a string of this many characters can be at this size, in any of the fonts (a cheap "surely fits"). */
const widestPerCharacter = 1.05;

/**
 * Shaping a word (fontkit's OpenType layout) is most of a PDF's drawing time, and pdfkit keeps the
 * shaped words per document. This thread keeps them across documents instead, one map per font, so
 * next month's report of the same store shapes only what is new. A shaped word holds glyph ids,
 * advances and code points, which depend on the font file only; the map starts again past 200,000 words.
 */
const sharedLayouts = new Map<FontName, Record<string, unknown>>();
const SHARED_LAYOUT_LIMIT = 200_000;

function shareLayouts(doc: Doc, name: FontName) {
  doc.font(name);
  const font = (doc as unknown as { _font: { layoutCache?: Record<string, unknown> } })._font;
  let cache = sharedLayouts.get(name);
  if (!cache || Object.keys(cache).length > SHARED_LAYOUT_LIMIT) {
    cache = Object.create(null) as Record<string, unknown>;
    sharedLayouts.set(name, cache);
  }
  if (font.layoutCache) font.layoutCache = cache;
}

class TableWriter {
  readonly doc: Doc;
  readonly #table: TablePdf;
  readonly #pageWidth: number;
  readonly #pageHeight: number;
  readonly #widths: number[];
  readonly #padding: number;
  /** The table's letters: the style's size, or smaller when the columns' words need it. */
  #fontSize: number;
  #lineHeight: number;
  readonly #widthCache = new Map<string, number>();

  constructor(table: TablePdf) {
    this.#table = table;
    const { style } = table;
    const landscape = style.orientation === 'landscape';
    this.#pageWidth = landscape ? A4.height : A4.width;
    this.#pageHeight = landscape ? A4.width : A4.height;
    this.#padding = style.cellPadding * MM;
    this.#fontSize = style.fontSize;
    this.#lineHeight = style.fontSize * LINE_HEIGHT;
    this.doc = new PDFDocument({ size: 'A4', layout: style.orientation, margin: 0, autoFirstPage: false, bufferPages: false });
    this.doc.info.Title = table.title;
    for (const name of FONT_NAMES) {
      this.doc.registerFont(name, fontData(name));
      shareLayouts(this.doc, name);
    }
    this.#widths = this.#columnWidths();
  }

  /**
   * Column widths as a browser lays out a table: each column at least as wide as its longest word (of
   * its header, which may wrap after "/", and of its cells: a word, a date or an amount stays whole),
   * then the room left to the columns whose cells would otherwise wrap, then the rest in the
   * asked proportions. When the longest words cannot all fit side by side, the letters shrink until they
   * do, down to MIN_FONT_SIZE; only a word wider than a column even then is broken.
   */
  #columnWidths(): number[] {
    const { columns, style } = this.#table;
    const available = this.#pageWidth - (style.margin.left + style.margin.right) * MM;
    const texts = this.#longestTexts();
    const padding = 2 * this.#padding + 1;
    const widest = (candidates: string[], size: number, cap: number) =>
      Math.min(cap * MM, Math.max(0, ...candidates.map((text) => this.#width(text, 'bold', size))));
    const leastAt = (size: number) =>
      texts.map(
        ({ header, words }) =>
          Math.max(Math.max(...header.map((word) => this.#width(word, 'bold', size))), widest(words, size, MAX_WORD_COLUMN)) + padding,
      );
    const unwrappedAt = (size: number, least: number[]) =>
      texts.map(({ cells }, index) => Math.max(least[index] ?? 0, widest(cells, size, MAX_CELL_COLUMN) + padding));
    // The size at which these widths fill the page exactly (the text scales with the size, the padding not).
    const sizeFitting = (widths: number[], size: number) =>
      (size * (available - columns.length * padding)) / (widths.reduce((a, b) => a + b, 0) - columns.length * padding);
    // Letters small enough for every word to stay whole, and a little smaller for every cell to stay on one line.
    let size = Math.max(MIN_FONT_SIZE, Math.min(style.fontSize, sizeFitting(leastAt(style.fontSize), style.fontSize)));
    size = Math.max(
      MIN_FONT_SIZE,
      Math.min(size, Math.max(style.fontSize * MAX_SHRINK_TO_FIT_CELLS, sizeFitting(unwrappedAt(size, leastAt(size)), size))),
    );
    this.#fontSize = size;
    this.#lineHeight = size * LINE_HEIGHT;
    const least = leastAt(size);
    const unwrapped = unwrappedAt(size, least);
    const room = available - least.reduce((a, b) => a + b, 0);
    if (room <= 0) return least.map((width) => (width * available) / (available - room));
    const deficit = (index: number) => (unwrapped[index] ?? 0) - (least[index] ?? 0);
    const wrapping = least.reduce((sum, _, index) => sum + deficit(index), 0);
    if (wrapping >= room) {
      // The room goes first to the columns that need least of it to stop wrapping: as many columns as
      // possible on one line, and a long remark wrapped rather than every name.
      const widths = [...least];
      let left = room;
      for (const index of widths.map((_, n) => n).sort((x, y) => deficit(x) - deficit(y))) {
        const given = Math.min(deficit(index), left);
        widths[index] = (widths[index] ?? 0) + given;
        left -= given;
      }
      return widths;
    }
    const asked = columns.reduce((sum, column) => sum + column.width, 0);
    return unwrapped.map((width, index) => width + ((room - wrapping) * (columns[index]?.width ?? 0)) / asked);
  }

  /**
   * Per column, its header's words and the few longest words and cells of its rows, by length
   * (measuring every cell of a 10,000-row report would cost more than drawing it).
   */
  #longestTexts(): { header: string[]; words: string[]; cells: string[] }[] {
    const { columns, rows, totals } = this.#table;
    const words = columns.map(() => new Map<string, number>());
    const cells = columns.map(() => new Map<string, number>());
    for (const row of [...rows, ...(totals ?? [])]) {
      row.forEach((cell, index) => {
        if (cell === '') return;
        keepLongest(cells[index], cell);
        for (const word of cell.split(/\s+/)) if (word.length > 0) keepLongest(words[index], word);
      });
    }
    return columns.map((column, index) => ({
      header: column.header.split(/\s+|(?<=\/)/),
      words: [...(words[index]?.keys() ?? [])],
      cells: [...(cells[index]?.keys() ?? [])],
    }));
  }

  #width(text: string, font: FontName, size: number): number {
    const key = `${font}${size}\u0000${text}`;
    let width = this.#widthCache.get(key);
    if (width === undefined) {
      width = fontRuns(text, font).reduce((sum, run) => sum + this.doc.font(run.font).fontSize(size).widthOfString(run.text), 0);
      if (this.#widthCache.size < 50_000) this.#widthCache.set(key, width);
    }
    return width;
  }

  /** The cell's text broken into lines that fit the column: at spaces and after "/" or "-", and inside a word only when it must. */
  #lines(text: string, width: number, font: FontName): string[] {
    const size = this.#fontSize;
    if (text.length * size * widestPerCharacter <= width || this.#width(text, font, size) <= width) return [text];
    const tokens = text.match(/[\u2E80-\u9FFF\uF900-\uFAFF]|[^\s/\u2E80-\u9FFF\uF900-\uFAFF-]+[/-]*|[/-]+|\s+/gu) ?? [text];
    const lines: string[] = [];
    let line = '';
    const push = () => {
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = '';
    };
    for (const token of tokens) {
      if (this.#width(line + token, font, size) <= width) {
        line += token;
        continue;
      }
      push();
      if (/^\s+$/.test(token)) continue;
      if (this.#width(token, font, size) <= width) {
        line = token;
        continue;
      }
      for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(token)) {
        if (line !== '' && this.#width(line + segment, font, size) > width) push();
        line += segment;
      }
    }
    push();
    return lines.length > 0 ? lines : [''];
  }

  #row(cells: string[], kind: Row['kind']): Row {
    const font: FontName = kind === 'body' ? 'sans' : 'bold';
    const laid = cells.map((cell, index) => this.#lines(cell, (this.#widths[index] ?? 0) - 2 * this.#padding, font));
    const lines = Math.max(1, ...laid.map((cell) => cell.length));
    return { cells: laid, height: lines * this.#lineHeight + 2 * this.#padding, kind };
  }

  /** Splits the rows into pages: the header on each, the totals and the signature lines together on the last. */
  paginate(): { head: Row; pages: Row[][] } {
    const { style, columns, rows, totals, signatures } = this.#table;
    const head = this.#row(
      columns.map((column) => column.header),
      'head',
    );
    const top = style.tableTop * MM + head.height;
    const bottom = this.#pageHeight - FOOTER_HEIGHT;
    const pages: Row[][] = [[]];
    let y = top;
    const place = (row: Row, reserve = 0) => {
      if (y + row.height + reserve > bottom && (pages.at(-1)?.length ?? 0) > 0) {
        pages.push([]);
        y = top;
      }
      pages.at(-1)?.push(row);
      y += row.height;
    };
    for (const cells of rows) place(this.#row(cells, 'body'));
    const ending = (totals ?? []).map((cells) => this.#row(cells, 'totals'));
    const reserve = signatures?.length ? Math.ceil(signatures.length / SIGNATURES_PER_ROW) * SIGNATURE_HEIGHT : 0;
    const endingHeight = ending.reduce((sum, row) => sum + row.height, 0);
    if (ending.length > 0 && y + endingHeight + reserve > bottom) {
      // The totals never start a page alone: the last row of the table goes over with them.
      const last = pages.at(-1);
      const carried = last && last.length > 1 ? last.pop() : undefined;
      pages.push(carried ? [carried] : []);
      y = top + (carried?.height ?? 0);
    }
    for (const row of ending) place(row);
    if (ending.length === 0 && reserve && y + reserve > bottom) pages.push([]);
    return { head, pages };
  }

  #drawText(text: string, x: number, y: number, width: number, align: 'left' | 'right' | 'center', font: FontName, size: number) {
    const runs = fontRuns(text, font);
    let left = x;
    if (align !== 'left') {
      const used = this.#width(text, font, size);
      left = align === 'right' ? x + width - used : x + (width - used) / 2;
    }
    for (const run of runs) {
      this.doc.font(run.font).fontSize(size).text(run.text, left, y, { lineBreak: false });
      if (runs.length > 1) left += this.doc.widthOfString(run.text);
    }
  }

  #drawRow(row: Row, y: number, index: number) {
    const { style, columns } = this.#table;
    const { doc } = this;
    let x = style.margin.left * MM;
    const width = this.#widths.reduce((sum, w) => sum + w, 0);
    const fill = row.kind === 'head' ? style.head.fill : row.kind === 'totals' ? TOTALS_FILL : index % 2 === 1 ? style.stripe : undefined;
    if (fill) doc.rect(x, y, width, row.height).fill(fill);
    const font: FontName = row.kind === 'body' ? 'sans' : 'bold';
    const text = row.kind === 'head' ? style.head.text : ([0, 0, 0] as Rgb);
    row.cells.forEach((lines, column) => {
      const cellWidth = this.#widths[column] ?? 0;
      const align = row.kind === 'head' ? 'left' : (columns[column]?.align ?? 'left');
      const isMarked = row.kind !== 'head' && columns[column]?.marksNegative === true && lines[0]?.startsWith('-');
      doc.fillColor(isMarked ? NEGATIVE_TEXT : text);
      lines.forEach((line, n) => {
        const top = y + this.#padding + n * this.#lineHeight;
        this.#drawText(line, x + this.#padding, top, cellWidth - 2 * this.#padding, align, font, this.#fontSize);
      });
      x += cellWidth;
    });
  }

  #drawFooter(page: number, pages: number) {
    const { doc } = this;
    const { margin } = this.#table.style;
    const y = this.#pageHeight - 10 * MM;
    const width = this.#pageWidth - (margin.left + margin.right) * MM;
    doc.fillColor([80, 80, 80]);
    if (this.#table.footer) this.#drawText(this.#table.footer, margin.left * MM, y, width, 'left', 'sans', FOOTER_SIZE);
    this.#drawText(fillPrinted(this.#table.page, { page, pages }), margin.left * MM, y, width, 'right', 'sans', FOOTER_SIZE);
  }

  #drawSignatures(y: number) {
    const { doc } = this;
    const labels = this.#table.signatures ?? [];
    const left = this.#table.style.margin.left * MM;
    const line = 80 * MM;
    const gap = 20 * MM;
    doc.fillColor([0, 0, 0]).strokeColor([0, 0, 0]).lineWidth(0.6);
    labels.forEach((signature, index) => {
      const x = left + (index % SIGNATURES_PER_ROW) * (line + gap);
      const base = y + 18 * MM + Math.floor(index / SIGNATURES_PER_ROW) * SIGNATURE_HEIGHT;
      if (typeof signature !== 'string') doc.image(Buffer.from(signature.image), x, base - 16 * MM, { fit: [line, 15 * MM] });
      doc
        .moveTo(x, base)
        .lineTo(x + line, base)
        .stroke();
      this.#drawText(typeof signature === 'string' ? signature : signature.label, x, base + 2 * MM, line, 'left', 'sans', 9);
    });
  }

  /** A page of photos: two side by side, three rows, each fitted into its cell with its label under it. */
  #drawPhotos(photos: PrintedPhoto[]) {
    const { doc } = this;
    const { margin, tableTop } = this.#table.style;
    const width = (this.#pageWidth - (margin.left + margin.right) * MM - PHOTO_GAP) / PHOTOS_PER_ROW;
    const height = PHOTO_CELL_HEIGHT - 10 * MM;
    photos.forEach((photo, index) => {
      const x = margin.left * MM + (index % PHOTOS_PER_ROW) * (width + PHOTO_GAP);
      const y = tableTop * MM + Math.floor(index / PHOTOS_PER_ROW) * PHOTO_CELL_HEIGHT;
      doc.image(Buffer.from(photo.image), x, y, { fit: [width, height], align: 'center', valign: 'center' });
      doc.fillColor([0, 0, 0]);
      this.#drawText(photo.label, x, y + height + 2 * MM, width, 'left', 'sans', 8);
    });
  }

  /** Lays the table out, then draws it page by page into the document stream, and its photos after it. */
  write() {
    const { style, title } = this.#table;
    const { doc } = this;
    const { head, pages } = this.paginate();
    const photoPages = chunks(this.#table.photos ?? [], PHOTOS_PER_ROW * PHOTO_ROWS);
    const pageCount = pages.length + photoPages.length;
    pages.forEach((rows, index) => {
      doc.addPage();
      if (index === 0) {
        const x = style.title.x === 'centre' ? 0 : style.title.x * MM;
        const width = style.title.x === 'centre' ? this.#pageWidth : this.#pageWidth - x;
        doc.fillColor([0, 0, 0]);
        this.#drawText(
          title,
          x,
          style.title.y * MM - style.title.size,
          width,
          style.title.x === 'centre' ? 'center' : 'left',
          'sans',
          style.title.size,
        );
      }
      let y = style.tableTop * MM;
      this.#drawRow(head, y, 0);
      y += head.height;
      rows.forEach((row, n) => {
        this.#drawRow(row, y, n);
        y += row.height;
      });
      if (index === pages.length - 1 && this.#table.note) {
        doc.fillColor([0, 0, 0]);
        this.#drawText(this.#table.note, style.margin.left * MM, y + 1.5 * MM, this.#pageWidth / 2, 'left', 'sans', FOOTER_SIZE);
      }
      if (index === pages.length - 1 && this.#table.signatures?.length) this.#drawSignatures(y);
      this.#drawFooter(index + 1, pageCount);
    });
    photoPages.forEach((photos, index) => {
      doc.addPage();
      this.#drawPhotos(photos);
      this.#drawFooter(pages.length + index + 1, pageCount);
    });
    doc.end();
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/** Starts writing the table's PDF; read the returned document as a stream. */
export function writeTablePdf(table: TablePdf): Doc {
  const writer = new TableWriter(table);
  // Drawn on the next turn, so the caller can attach its listeners to the stream first.
  setImmediate(() => {
    try {
      writer.write();
    } catch (error) {
      writer.doc.emit('error', error);
    }
  });
  return writer.doc;
}
