import { createHash } from 'node:crypto';
import {
  IMPORT_CHANGED_MEANWHILE,
  IMPORT_HAS_PROBLEMS,
  type ImportPreview,
  type ImportRequestSchema,
  type ImportResult,
  importAlreadyDone,
  importedMessage,
  importNameExists,
  UNKNOWN_USER,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { recordAudit } from '../audit/audit.service';
import { assertStoreTakesStock, resolveTargetStore, storeNameOf } from '../stores/stores.service';
import { mapColumns, readRows } from './import-rows';
import { type ExaminedFile, presentPreview, problemIssues, unitTotals } from './imports.presenter';
import { findEarlierImport, findTakenNames, insertImport, insertItemsWithOpenings } from './imports.repository';
import { readCells } from './spreadsheet';

export { closeSpreadsheetThreads } from './spreadsheet';

type ImportInput = z.output<typeof ImportRequestSchema>;

/** The file read, mapped and checked: every row and every problem, the store's existing names included. */
async function examine(db: DbOrTx, storeId: string, input: ImportInput): Promise<ExaminedFile & { fileHash: string }> {
  const bytes = Buffer.from(input.content, 'base64');
  const fileHash = createHash('sha256').update(bytes).digest('hex');
  const cells = await readCells(bytes);
  const headers = (cells[0] ?? []).map((header) => header.trim());
  const columns = mapColumns(input.kind, headers, input.mapping);
  const { rows, problems } =
    columns.problems.length > 0 ? { rows: [], problems: [] } : readRows(input.kind, [headers, ...cells.slice(1)], columns.mapping);
  const taken = new Set(
    (
      await findTakenNames(
        db,
        input.kind,
        storeId,
        rows.map((row) => row.name),
      )
    ).map((name) => name.toLowerCase()),
  );
  for (const row of rows) {
    if (taken.has(row.name.toLowerCase())) problems.push({ row: row.row, field: 'name', message: importNameExists(input.kind, row.name) });
  }
  const all = [...columns.problems, ...problems].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { fileHash, headers, mapping: columns.mapping, rows, problems: all, rowCount: Math.max(0, cells.length - 1) };
}

/** What an import of this file would record, and what stands in its way; nothing is written. */
export async function previewImport(db: Db, auth: AuthContext, input: ImportInput): Promise<ImportPreview> {
  const storeId = await resolveTargetStore(db, auth, input.storeId);
  await assertStoreTakesStock(db, storeId);
  const found = await examine(db, storeId, input);
  const earlier = await findEarlierImport(db, input.kind, storeId, found.fileHash);
  return presentPreview(input.kind, { _id: storeId, name: await storeNameOf(db, storeId) }, found, earlier);
}

/** Imports a file, idempotently: a repeat of the request answers the first import. */
export function runImport(db: Db, auth: AuthContext, input: ImportInput, timeZone: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => ({ status: 201 as const, body: await runImportIn(tx, auth, input, timeZone) }));
}

/**
 * Imports every row or none, in one transaction: the items, their opening movements, the
 * file's record (the same file again is refused by its unique key) and one audit event.
 */
async function runImportIn(tx: Tx, auth: AuthContext, input: ImportInput, timeZone: string): Promise<ImportResult> {
  const storeId = await resolveTargetStore(tx, auth, input.storeId);
  try {
    await assertStoreTakesStock(tx, storeId);
    const found = await examine(tx, storeId, input);
    const earlier = await findEarlierImport(tx, input.kind, storeId, found.fileHash);
    if (earlier)
      throw new AppError(
        'conflict',
        importAlreadyDone(todayIn(timeZone, new Date(earlier.created_at)), earlier.actor_name ?? UNKNOWN_USER),
      );
    if (found.problems.length > 0 || found.rows.length === 0)
      throw new AppError('bad_request', IMPORT_HAS_PROBLEMS, problemIssues(found.problems));
    const importId = await insertImport(tx, {
      kind: input.kind,
      storeId,
      fileHash: found.fileHash,
      fileName: input.fileName,
      rowCount: found.rows.length,
      actorId: auth.userId,
    });
    const imported = await insertItemsWithOpenings(tx, { kind: input.kind, storeId, actorId: auth.userId, rows: found.rows });
    const { totalQuantity, totalsByUnit } = unitTotals(found.rows);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'create',
      entityType: 'import',
      entityId: importId,
      entityName: input.fileName,
      storeId,
      details: { kind: input.kind, rows: imported, totalsByUnit },
    });
    return { message: importedMessage(imported, input.kind, await storeNameOf(tx, storeId)), imported, totalQuantity, totalsByUnit };
  } catch (error) {
    // The same file sent twice at once, or a name added by someone else since the check: nothing was written.
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', IMPORT_CHANGED_MEANWHILE);
    throw error;
  }
}
