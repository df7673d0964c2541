import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Each page's text pieces (blank ones left out), in the order they are drawn, and the page size in points. */
export async function readPdfText(data: Uint8Array): Promise<{ pages: string[][]; width: number; height: number }> {
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
  await pdf.destroy();
  return { pages, width, height };
}
