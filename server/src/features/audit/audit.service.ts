import type { AuditQuerySchema } from '@stockyard/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { presentAuditEvent } from './audit.presenter';
import { type AuditEntry, findAuditRows, findRecentSignInBursts, insertAuditEvent } from './audit.repository';

export type { AuditEntry };

/** Appends one audit event, in the same transaction as the change it describes. */
export function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  return insertAuditEvent(tx, entry);
}

export async function listAuditEvents(db: DbOrTx, query: z.output<typeof AuditQuerySchema>, timeZone: string) {
  const { rows, total } = await findAuditRows(db, query, timeZone);
  return { total, events: rows.map(presentAuditEvent) };
}

/** Accounts on which failed sign-ins passed the slowdown threshold in the last week: the admin's dashboard warns of them. */
export async function recentSignInBursts(db: DbOrTx) {
  const rows = await findRecentSignInBursts(db, 7);
  return rows.map((row) => ({ userName: row.user_name, at: new Date(row.at).toISOString(), lastAddress: row.last_address }));
}
