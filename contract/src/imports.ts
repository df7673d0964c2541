import { z } from 'zod';
import { englishNumber, IdSchema, requiredText } from './common';

/** What a spreadsheet can bring in: a store's materials or tools, each with its opening quantity. */
export const IMPORT_KINDS = ['materials', 'tools'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The fields each kind fills, in the order the template lists them. */
export const IMPORT_FIELDS = {
  materials: ['name', 'category', 'material', 'size', 'unit', 'decimals', 'quantity', 'unitCost', 'batch', 'expiresOn'],
  tools: ['name', 'quantity'],
} as const satisfies Record<ImportKind, readonly string[]>;
export const IMPORT_FIELD_NAMES = [
  'name',
  'category',
  'material',
  'size',
  'unit',
  'decimals',
  'quantity',
  'unitCost',
  'batch',
  'expiresOn',
] as const;
export type ImportField = (typeof IMPORT_FIELD_NAMES)[number];

/** The column heading each field has in the template, and that an export of the same list uses. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name',
  category: 'Category',
  material: 'Material',
  size: 'Size',
  unit: 'Unit',
  decimals: 'Decimals',
  quantity: 'Quantity',
  unitCost: 'Unit Cost',
  batch: 'Batch',
  expiresOn: 'Expires On',
};

/** At most this many rows in one file; 10,000 is the size a site's first spreadsheet reaches. */
export const IMPORT_ROWS_MAX = 20_000;
/** At most this many bytes of file, before base64 (a 20,000-row CSV is about 1.5 MB). */
export const IMPORT_FILE_BYTES_MAX = 6 * 1024 * 1024;
/** The preview lists this many problems and rows at most; its counts are always whole. */
export const IMPORT_PREVIEW_PROBLEMS_MAX = 200;
export const IMPORT_PREVIEW_ROWS = 20;

export const ImportRequestSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { message: 'Kind must be materials or tools' }),
  /** Required for an admin; a keeper's defaults to their active store. */
  storeId: IdSchema.optional(),
  fileName: requiredText('File name', 255).meta({ example: 'site-materials.xlsx' }),
  /** The file's bytes in base64: a .csv (UTF-8, or Windows-1252 as older Excel saves) or an .xlsx (its first sheet). */
  content: z
    .string({ message: 'Choose a file to import' })
    .min(1, 'Choose a file to import')
    .max(Math.ceil(IMPORT_FILE_BYTES_MAX / 3) * 4, 'The file is too large: at most 6 MB')
    .meta({ example: 'TmFtZSxVbml0LFF1YW50aXR5DQpDZW1lbnQsYmFnLDQwDQo=' }),
  /** Which column holds each field, by its heading; fields left out are found by their headings. */
  mapping: z.partialRecord(z.enum(IMPORT_FIELD_NAMES), z.string().max(200).nullable()).optional(),
});
export type ImportRequest = z.input<typeof ImportRequestSchema>;

export const ImportProblemSchema = z.object({
  /** The spreadsheet's row number (the headings are row 1); null for a problem with the whole file. */
  row: z.number().nullable(),
  field: z.enum(IMPORT_FIELD_NAMES).nullable(),
  message: z.string(),
  /** The message's code and parts, for saying it in the reader's language. */
  code: z.string().optional(),
  params: z.array(z.string()).optional(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

export const ImportRowSchema = z.object({
  row: z.number(),
  name: z.string(),
  category: z.string(),
  material: z.string(),
  size: z.string(),
  unit: z.string(),
  quantity: z.number(),
  /** A material's cost per unit of its opening quantity, when the sheet gives one. */
  unitCost: z.string().optional(),
  /** How many decimals a material's quantities carry (0 when the sheet gives none). */
  decimals: z.number().optional(),
  /** A material kept by batch: the batch its opening quantity is, and the day it expires ('' for any other). */
  batch: z.string().optional(),
  expiresOn: z.string().optional(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportUnitTotalSchema = z.object({ unit: z.string(), quantity: z.number() });
export type ImportUnitTotal = z.infer<typeof ImportUnitTotalSchema>;

/** Each unit's quantities summed on its own: a sum across units means nothing. */
export function importTotalsByUnit(rows: readonly Pick<ImportRow, 'unit' | 'quantity'>[]): ImportUnitTotal[] {
  const byUnit = new Map<string, number>();
  for (const row of rows) byUnit.set(row.unit, (byUnit.get(row.unit) ?? 0) + row.quantity);
  return [...byUnit.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([unit, quantity]) => ({ unit, quantity }));
}

/** The quantities in one figure, only when they share one unit (from `importTotalsByUnit`). */
export function importTotalQuantity(totals: readonly ImportUnitTotal[]): number | null {
  return totals.length > 1 ? null : (totals[0]?.quantity ?? 0);
}

export const ImportPreviewSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  store: z.object({ _id: z.string(), name: z.string() }),
  /** The file's headings, in order. */
  headers: z.array(z.string()),
  /** The heading each field is read from (null: not in this file). */
  mapping: z.record(z.enum(IMPORT_FIELD_NAMES), z.string().nullable()),
  rowCount: z.number(),
  problemCount: z.number(),
  problems: z.array(ImportProblemSchema),
  /** The first rows as they would be recorded. */
  rows: z.array(ImportRowSchema),
  /** The sum of every row's quantity when the rows share one unit; null otherwise (bags and tonnes do not add up). */
  totalQuantity: z.number().nullable(),
  /** The quantities summed per unit, units in alphabetical order ("" for rows with no unit). */
  totalsByUnit: z.array(ImportUnitTotalSchema),
  /** When this very file was imported into this store before. */
  alreadyImported: z.object({ at: z.string(), by: z.string() }).nullable(),
  canImport: z.boolean(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportResultSchema = z.object({
  message: z.string(),
  imported: z.number(),
  totalQuantity: z.number().nullable(),
  totalsByUnit: z.array(ImportUnitTotalSchema),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const importedMessage = (count: number, kind: ImportKind, storeName: string) =>
  `Imported ${englishNumber(count)} ${count === 1 ? kind.slice(0, -1) : kind} into ${storeName}, each with its opening quantity.`;
export const IMPORT_HAS_PROBLEMS = 'Nothing was imported: fix the rows listed and upload the file again.';
export const importAlreadyDone = (at: string, by: string) =>
  `This file was already imported into this store on ${at} by ${by}. Nothing was imported again.`;
export const IMPORT_NOT_READABLE = 'The file could not be read. Upload a .csv or .xlsx file.';
export const IMPORT_CELL_TOO_LONG = 'A cell of the file holds more than 1,000 characters, more than any field keeps. Check the file.';
export const IMPORT_TOO_SLOW = 'The file is too large or too complex to read. Split it into smaller files.';
export const IMPORT_EMPTY = 'The file has no rows below its headings.';
export const importTooManyRows = (count: number) =>
  `The file has ${englishNumber(count)} rows; one import takes at most ${englishNumber(IMPORT_ROWS_MAX)}. Split it into smaller files.`;
export const IMPORT_NAME_COLUMN_MISSING = 'Choose the column that holds the name.';
export const importColumnMissing = (header: string) => `There is no column "${header}" in this file.`;
export const importNameExists = (kind: ImportKind, name: string) =>
  `A ${kind === 'materials' ? 'material' : 'tool'} named "${name}" already exists in this store.`;
export const importNameRepeated = (name: string, row: number) => `"${name}" is also on row ${row}.`;
export const IMPORT_CHANGED_MEANWHILE = 'An item with a name in this file was added to the store meanwhile. Preview the file again.';
