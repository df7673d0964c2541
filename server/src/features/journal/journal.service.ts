import { Readable } from 'node:stream';
import {
  ACCOUNTS_SAVED,
  type AccountSettings,
  type AccountSettingsSchema,
  CSV_BOM,
  csvLine,
  type JournalQuerySchema,
} from '@stockyard/contract';
import writeExcelFile from 'write-excel-file/node';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { recordAudit } from '../audit/audit.service';
import { SETTINGS_ENTITY_ID } from '../settings/settings.service';
import { type JournalSheet, journalLines, journalSummary } from './journal.presenter';
import { findAccountSettings, findJournalEntries, saveAccountSettings } from './journal.repository';

export function accountSettings(db: DbOrTx): Promise<{ accounts: AccountSettings }> {
  return findAccountSettings(db).then((accounts) => ({ accounts }));
}

/** Replaces the company's accounts; the journal posts to them from its next export. */
export function updateAccountSettings(
  db: Db,
  auth: AuthContext,
  accounts: z.output<typeof AccountSettingsSchema>,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx) => {
    await saveAccountSettings(tx, accounts);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'settings',
      entityId: SETTINGS_ENTITY_ID,
      entityName: 'Accounts',
      details: { accounts },
    });
    return { status: 200 as const, body: { message: ACCOUNTS_SAVED, accounts } };
  });
}

/** The sheet's amounts as numbers in a workbook (2 decimals shown); its other cells as text. */
async function workbook(sheet: JournalSheet): Promise<Readable> {
  const amountColumns = new Set(['Debit', 'Credit']);
  const header = sheet.columns.map((value) => ({ value, fontWeight: 'bold' as const }));
  const rows = sheet.rows.map((row) =>
    row.map((cell, index) =>
      amountColumns.has(sheet.columns[index] as string) && cell !== ''
        ? { value: Number(cell), type: Number, format: '#,##0.00' }
        : typeof cell === 'number'
          ? { value: cell, type: Number }
          : { value: cell, type: String },
    ),
  );
  return Readable.from([await writeExcelFile([header, ...rows] as never).toBuffer()]);
}

/**
 * The period's journal: balanced double entries of every material ledger line with a value and every
 * invoice approved, one line per side or summed per day (`summary=day`), as CSV or a workbook.
 */
export async function journalFile(db: DbOrTx, query: z.output<typeof JournalQuerySchema>, timeZone: string) {
  const [entries, accounts] = await Promise.all([
    findJournalEntries(db, { from: query.from, to: query.to, timeZone }),
    findAccountSettings(db),
  ]);
  const sheet = query.summary === 'day' ? journalSummary(entries, accounts) : journalLines(entries, accounts);
  const name = `journal_${query.from}_${query.to}${query.summary ? '_by_day' : ''}.${query.format}`;
  if (query.format === 'xlsx') {
    return { name, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: await workbook(sheet) };
  }
  const body = Readable.from(
    (function* lines() {
      yield `${CSV_BOM}${csvLine(sheet.columns)}`;
      for (const row of sheet.rows) yield csvLine(row);
    })(),
  );
  return { name, type: 'text/csv; charset=utf-8', body };
}
