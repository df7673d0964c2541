import {
  IMPORT_EMPTY,
  IMPORT_FIELD_NAMES,
  IMPORT_FIELDS,
  IMPORT_NAME_COLUMN_MISSING,
  IMPORT_ROWS_MAX,
  type ImportField,
  type ImportKind,
  type ImportProblem,
  type ImportRequest,
  type ImportRow,
  importColumnMissing,
  importNameRepeated,
  importTooManyRows,
  MaterialCreateRequestSchema,
  parseDay,
  ToolCreateRequestSchema,
} from '@stockyard/contract';
import type { Cells } from './spreadsheet';

/** Headings each field is recognised by, best first, compared without case, spaces or punctuation. */
const HEADINGS: Record<ImportField, string[]> = {
  name: ['name', 'itemname', 'productname', 'materialname', 'toolname', 'product', 'item', 'tool', 'description'],
  category: ['category', 'categoryname', 'group'],
  material: ['material', 'materialtype', 'type'],
  size: ['size', 'dimensions', 'dimension', 'spec'],
  unit: ['unit', 'units', 'uom', 'unitofmeasure', 'measure'],
  quantity: [
    'quantity',
    'qty',
    'openingquantity',
    'openingstock',
    'opening',
    'openingqty',
    'totalqty',
    'totalquantity',
    'stock',
    'onhand',
    'count',
  ],
  unitCost: ['unitcost', 'cost', 'costperunit', 'unitprice', 'price', 'rate'],
  decimals: ['decimals', 'decimalplaces', 'dp'],
  batch: ['batch', 'batchno', 'batchnumber', 'lot', 'lotno', 'lotnumber'],
  expiresOn: ['expireson', 'expires', 'expiry', 'expirydate', 'expirationdate', 'bestbefore', 'useby'],
};

const normalised = (heading: string) => heading.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

export type Mapping = Record<ImportField, string | null>;

/** The column of each field: as the person chose, else found by its heading; a chosen heading not in the file is a problem. */
export function mapColumns(kind: ImportKind, headers: string[], chosen: ImportRequest['mapping'] = {}) {
  const mapping = Object.fromEntries(IMPORT_FIELD_NAMES.map((field) => [field, null])) as Mapping;
  const problems: ImportProblem[] = [];
  const taken = new Set<string>();
  const fields: readonly ImportField[] = IMPORT_FIELDS[kind];
  for (const field of fields) {
    const choice = chosen?.[field];
    if (choice === undefined) continue;
    if (choice === null) {
      taken.add(`none:${field}`);
      continue;
    }
    if (!headers.includes(choice)) problems.push({ row: null, field, message: importColumnMissing(choice) });
    else {
      mapping[field] = choice;
      taken.add(choice);
    }
  }
  for (const field of fields) {
    if (mapping[field] !== null || taken.has(`none:${field}`) || chosen?.[field] !== undefined) continue;
    for (const heading of HEADINGS[field]) {
      const found = headers.find((header) => !taken.has(header) && normalised(header) === heading);
      if (found) {
        mapping[field] = found;
        taken.add(found);
        break;
      }
    }
  }
  if (!mapping.name) problems.push({ row: null, field: 'name', message: IMPORT_NAME_COLUMN_MISSING });
  return { mapping, problems };
}

/**
 * The sheet's rows as they would be recorded, each checked with the same rules as the add form
 * (name, lengths, a whole quantity ≥ 0) and against the file's other rows. Rows are numbered as the
 * spreadsheet numbers them: the headings are row 1.
 */
export function readRows(kind: ImportKind, cells: Cells, mapping: Mapping) {
  const headers = cells[0] ?? [];
  const body = cells.slice(1);
  const problems: ImportProblem[] = [];
  if (body.length === 0) problems.push({ row: null, field: null, message: IMPORT_EMPTY });
  if (body.length > IMPORT_ROWS_MAX) return { rows: [], problems: [{ row: null, field: null, message: importTooManyRows(body.length) }] };
  const index = Object.fromEntries(
    Object.entries(mapping).map(([field, header]) => [field, header === null ? -1 : headers.indexOf(header)]),
  ) as Record<ImportField, number>;
  const rows: ImportRow[] = [];
  const firstRowOf = new Map<string, number>();
  body.forEach((line, position) => {
    const row = position + 2;
    const cell = (field: ImportField) => (index[field] >= 0 ? (line[index[field]] ?? '').trim() : '');
    const input = {
      name: cell('name'),
      categoryname: cell('category'),
      materialname: cell('material'),
      size: cell('size'),
      unit: cell('unit'),
      totalQuantity: quantityOf(cell('quantity')),
      ...(kind === 'materials' && cell('unitCost') !== '' ? { unitCost: cell('unitCost') } : {}),
      ...(kind === 'materials' ? materialCells(cell) : {}),
    };
    const checked = (kind === 'materials' ? MaterialCreateRequestSchema : ToolCreateRequestSchema).safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues) problems.push({ row, field: fieldOf(String(issue.path[0])), message: issue.message });
      return;
    }
    const name = checked.data.name;
    const key = name.toLowerCase();
    const first = firstRowOf.get(key);
    if (first !== undefined) problems.push({ row, field: 'name', message: importNameRepeated(name, first) });
    else firstRowOf.set(key, row);
    const data = checked.data as Partial<Omit<typeof input, 'unitCost'>> & {
      unitCost?: string;
      decimals?: number;
      batch?: string;
      expiresOn?: string;
    };
    rows.push({
      row,
      name,
      category: data.categoryname ?? '',
      material: data.materialname ?? '',
      size: data.size ?? '',
      unit: data.unit ?? '',
      quantity: checked.data.totalQuantity,
      ...(data.unitCost === undefined ? {} : { unitCost: data.unitCost }),
      ...(kind === 'materials' ? { decimals: data.decimals ?? 0 } : {}),
      ...(data.batch ? { batch: data.batch, expiresOn: data.expiresOn } : {}),
    });
  });
  return { rows, problems };
}

/**
 * A material's decimals (empty is 0), and its batch and expiry: a row that names either is of a
 * material kept by batch, its opening quantity that batch.
 */
function materialCells(cell: (field: ImportField) => string) {
  const batch = cell('batch');
  // A day as people write it (31/12/2030) or ISO; anything else is left for the schema to refuse.
  const expiresOn = parseDay(cell('expiresOn')) ?? cell('expiresOn');
  return {
    decimals: cell('decimals') === '' ? 0 : quantityOf(cell('decimals')),
    ...(batch !== '' || expiresOn !== '' ? { tracksExpiry: true } : {}),
    ...(batch !== '' ? { batch } : {}),
    ...(expiresOn !== '' ? { expiresOn } : {}),
  };
}

/** A cell's quantity: empty is 0, a number as written (Excel's 40 may read "40" or "40.0"); anything else fails the schema. */
function quantityOf(text: string): number {
  if (text === '') return 0;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

const FIELD_OF: Record<string, ImportField> = {
  name: 'name',
  categoryname: 'category',
  materialname: 'material',
  size: 'size',
  unit: 'unit',
  totalQuantity: 'quantity',
  unitCost: 'unitCost',
  decimals: 'decimals',
  batch: 'batch',
  expiresOn: 'expiresOn',
  tracksExpiry: 'batch',
};
const fieldOf = (key: string): ImportField | null => FIELD_OF[key] ?? null;
