import {
  COST_CODE_IMPORT_COLUMNS,
  COST_CODE_IMPORT_ROWS_MAX,
  COST_CODE_IMPORT_TOO_MANY,
  type CostCodeImportRequestSchema,
  type CostCodeImportResponse,
  costCodeImportConflict,
  costCodeImportRepeated,
  costCodeImportRow,
  costCodesImported,
  costCodeTaken,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { recordAudit } from '../audit/audit.service';
import { readCells } from '../imports/spreadsheet';
import { findCostCodeRows, insertCostCodes } from './jobs.repository';

/** Headings the two columns are known by, compared without case, spaces or punctuation. */
const CODE_HEADINGS = ['code', 'costcode', 'number', 'no', 'costcodenumber'];
const NAME_HEADINGS = ['name', 'description', 'title', 'costcodename'];
const CODE_MAX = 50;
const NAME_MAX = 200;

const headingKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The file's cost codes, row by row (blank rows skipped), or the first reason it cannot be imported. */
function codesOf(cells: string[][]): { code: string; name: string }[] {
  const headings = (cells[0] ?? []).map(headingKey);
  const codeAt = headings.findIndex((heading) => CODE_HEADINGS.includes(heading));
  const nameAt = headings.findIndex((heading) => NAME_HEADINGS.includes(heading));
  if (codeAt < 0 || nameAt < 0) throw new AppError('bad_request', COST_CODE_IMPORT_COLUMNS);
  if (cells.length - 1 > COST_CODE_IMPORT_ROWS_MAX) throw new AppError('bad_request', COST_CODE_IMPORT_TOO_MANY);
  const codes: { code: string; name: string }[] = [];
  const seen = new Set<string>();
  cells.slice(1).forEach((row, index) => {
    const code = (row[codeAt] ?? '').trim();
    const name = (row[nameAt] ?? '').trim();
    if (!code && !name) return;
    if (!code || !name || code.length > CODE_MAX || name.length > NAME_MAX) throw new AppError('bad_request', costCodeImportRow(index + 2));
    if (seen.has(code.toLowerCase())) throw new AppError('bad_request', costCodeImportRepeated(code));
    seen.add(code.toLowerCase());
    codes.push({ code, name });
  });
  return codes;
}

/**
 * Adds a file's cost codes to the company's list, all or none: a code already there under the same
 * name is left as it is (so the same file imported again adds nothing); under another name it
 * refuses the file, naming it.
 */
export function importCostCodes(db: Db, auth: AuthContext, input: z.output<typeof CostCodeImportRequestSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const codes = codesOf(await readCells(Buffer.from(input.content, 'base64')));
    const existing = new Map((await findCostCodeRows(tx)).map((row) => [row.code.toLowerCase(), row]));
    const fresh = codes.filter((entry) => {
      const found = existing.get(entry.code.toLowerCase());
      if (found && found.name !== entry.name) throw new AppError('conflict', costCodeImportConflict(found.code, found.name));
      return !found;
    });
    const ids = await insertCostCodes(tx, fresh).catch((error) => {
      // Another import or a new code took one of these codes meanwhile.
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', costCodeTaken(fresh[0]?.code ?? ''));
      throw error;
    });
    const imported = ids.length;
    if (ids[0]) {
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'create',
        entityType: 'cost_code',
        entityId: ids[0],
        entityName: input.fileName,
        details: { imported, existing: codes.length - imported, codes: fresh.map((entry) => entry.code) },
      });
    }
    const answer: CostCodeImportResponse = {
      message: costCodesImported(imported, codes.length - imported),
      imported,
      existing: codes.length - imported,
    };
    return { status: 200 as const, body: answer };
  });
}
