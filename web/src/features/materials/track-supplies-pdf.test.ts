// @vitest-environment node
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { buildTrackSuppliesPdf } from './track-supplies-pdf';

type PdfText = { pages: string[][]; width: number; height: number };

async function readPdf(data: ArrayBuffer): Promise<PdfText> {
  const pdf = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[][] = [];
  let width = 0;
  let height = 0;
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    if (number === 1) [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((text) => text.trim() !== ''));
  }
  return { pages, width, height };
}

describe('the track-supplies PDF', () => {
  it('is portrait with the store breakdown', async () => {
    const doc = await buildTrackSuppliesPdf({
      _id: 'x',
      storeName: 'Riverside',
      location: 'Dock road',
      inventoryDetails: [{ productName: 'Sand', damageStock: 2, refundStock: 4, consumedStock: 6, totalQuantity: 30 }],
    });
    const pdf = await readPdf(doc.output('arraybuffer'));
    expect(Math.round(pdf.width)).toBe(595);
    expect(pdf.pages[0]).toEqual(expect.arrayContaining(['Product', 'Damaged Stock', 'Sand', '30']));
  });
});
