import type { Product } from '@stockyard/contract';
import type { Column } from '../../../lib/data-table';
import { isoDate, numberOrZero, textOrNA } from '../../../lib/format';

/** Columns of the material lists, each with the header it has on that screen. */
export const materialColumn = {
  date: { header: 'Date', render: (p) => isoDate(p.createdAt) },
  store: { header: 'Store', render: (p) => textOrNA(p.storeId.name) },
  name: (header: 'Name' | 'Product') => ({ header, render: (p) => textOrNA(p.name) }),
  remarks: { header: 'Remarks', render: (p) => textOrNA(p.remarks) },
  /** A counter, right-aligned, 0 when missing. */
  count: (header: string, field: CounterField) => ({ header, render: (p) => numberOrZero(p[field]), align: 'right' }),
} satisfies Record<string, Column<Product> | ((...args: never[]) => Column<Product>)>;

type CounterField = {
  [K in keyof Product]-?: Product[K] extends number ? K : never;
}[keyof Product];

/** Category, Material, Size and Unit, shown together on every material list. */
export const describingColumns: Column<Product>[] = [
  { header: 'Category', render: (p) => textOrNA(p.categoryname) },
  { header: 'Material', render: (p) => textOrNA(p.materialname) },
  { header: 'Size', render: (p) => textOrNA(p.size) },
  { header: 'Unit', render: (p) => textOrNA(p.unit) },
];
