import type { jsPDF as JsPdf } from 'jspdf';
import type { UserOptions } from 'jspdf-autotable';

/** jsPDF and its table plugin, fetched only when a user asks for a PDF. */
export async function loadPdf(): Promise<{
  create: (orientation: 'portrait' | 'landscape') => JsPdf;
  table: (doc: JsPdf, options: UserOptions) => void;
}> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  return {
    create: (orientation) => new jsPDF({ orientation, unit: 'mm', format: 'a4' }),
    table: (doc, options) => autoTable(doc, options),
  };
}
