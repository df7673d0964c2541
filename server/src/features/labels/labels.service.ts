import {
  LABEL_ITEMS_NOT_FOUND,
  LABEL_LAYOUTS,
  LABEL_NOT_FOUND,
  type LabelSheetRequestSchema,
  labelSkipTooFar,
  type ScanResponse,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { labelSheetPdf } from './label-sheet';
import { presentScannedItem } from './labels.presenter';
import { findItemByCode, findLabelItems } from './labels.repository';

/** The item a scanned label names, when the caller may see it; 404 otherwise. Codes read the same in any case. */
export async function scanLabel(db: DbOrTx, auth: AuthContext, code: string): Promise<ScanResponse> {
  const row = await findItemByCode(db, code.trim().toUpperCase(), storeScopeOf(auth));
  if (!row) throw new AppError('not_found', LABEL_NOT_FOUND);
  return presentScannedItem(row);
}

/** The label sheet PDF of the chosen items of the caller's stores, in the order chosen. */
export async function labelSheet(db: DbOrTx, auth: AuthContext, input: z.output<typeof LabelSheetRequestSchema>) {
  const sheet = LABEL_LAYOUTS[input.layout];
  if (input.skip >= sheet.columns * sheet.rows) {
    throw new AppError('bad_request', labelSkipTooFar(sheet.columns * sheet.rows));
  }
  const rows = await findLabelItems(
    db,
    input.items.map((item) => item.id),
    storeScopeOf(auth),
  );
  const byKey = new Map(rows.map((row) => [`${row.item_kind}:${row.id}`, row]));
  const items = input.items.map((item) => byKey.get(`${item.itemKind}:${item.id}`));
  if (items.some((item) => !item)) throw new AppError('not_found', LABEL_ITEMS_NOT_FOUND);
  return labelSheetPdf(items as NonNullable<(typeof items)[number]>[], input.layout, input.skip);
}
