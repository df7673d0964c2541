import { z } from 'zod';
import { fieldNegative, fieldWholeNumber, IdSchema } from './common';

// Labels to scan: a sheet of QR codes, one per material or tool, and the lookup a scan makes.

/** Common A4 label sheets, by the maker's code: columns × rows of labels, in millimetres. */
export const LABEL_LAYOUTS = {
  L7160: {
    title: '3 × 7 labels, 63.5 × 38.1 mm (L7160)',
    columns: 3,
    rows: 7,
    width: 63.5,
    height: 38.1,
    left: 7.2,
    top: 15.1,
    gapX: 2.5,
    gapY: 0,
  },
  L7159: {
    title: '3 × 8 labels, 63.5 × 33.9 mm (L7159)',
    columns: 3,
    rows: 8,
    width: 63.5,
    height: 33.9,
    left: 7.2,
    top: 12.9,
    gapX: 2.5,
    gapY: 0,
  },
  L7163: {
    title: '2 × 7 labels, 99.1 × 38.1 mm (L7163)',
    columns: 2,
    rows: 7,
    width: 99.1,
    height: 38.1,
    left: 4.7,
    top: 15.1,
    gapX: 2.5,
    gapY: 0,
  },
} as const;
export type LabelLayout = keyof typeof LABEL_LAYOUTS;
export const LABEL_LAYOUT_NAMES = Object.keys(LABEL_LAYOUTS) as LabelLayout[];
/** The most labels one sheet request prints: a few pages of the smallest layout. */
export const LABELS_MAX = 500;

export const LabelSheetRequestSchema = z.object({
  items: z
    .array(
      z.object({
        // A serial tool's unit has a label of its own.
        itemKind: z.enum(['material', 'tool', 'unit'], { message: 'itemKind must be material, tool or unit' }),
        id: IdSchema,
      }),
    )
    .min(1, 'Select at least one item.')
    .max(LABELS_MAX, `At most ${LABELS_MAX} labels at once.`),
  layout: z.enum(LABEL_LAYOUT_NAMES as [LabelLayout, ...LabelLayout[]], { message: 'Choose a label sheet.' }),
  /** Positions already used on a partly used first sheet. */
  skip: z
    .number({ message: fieldWholeNumber('Skip') })
    .int(fieldWholeNumber('Skip'))
    .min(0, fieldNegative('Skip'))
    .max(23, 'Skip must be less than a sheet')
    .default(0),
});
export type LabelSheetRequest = z.input<typeof LabelSheetRequestSchema>;

export const ScanParamsSchema = z.object({ code: z.string().trim().min(1).max(40) });
export const ScanResponseSchema = z.object({
  itemKind: z.enum(['material', 'tool']),
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  /** The unit of a serial tool whose own label was scanned. */
  unit: z.object({ _id: z.string(), serial: z.string() }).optional(),
});
export type ScanResponse = z.infer<typeof ScanResponseSchema>;
export { LABEL_NOT_FOUND } from './messages';
export const LABEL_ITEMS_NOT_FOUND = 'Some of the selected items were not found.';
