import type { AuditQuerySchema } from '@stockyard/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { presentAuditEvent } from './audit.presenter';
import { type AuditEntry, findAuditRows, insertAuditEvent } from './audit.repository';

export type { AuditEntry };

/** Appends one audit event, in the same transaction as the change it describes. */
export function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  return insertAuditEvent(tx, entry);
}

export async function listAuditEvents(db: DbOrTx, query: z.output<typeof AuditQuerySchema>, timeZone: string) {
  const { rows, total } = await findAuditRows(db, query, timeZone);
  return { total, events: rows.map(presentAuditEvent) };
}
