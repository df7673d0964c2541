import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type AuditEntry = {
  actorId: string | null;
  action: 'create' | 'update' | 'delete';
  entityType: 'user' | 'store' | 'material' | 'tool' | 'delivery';
  entityId: string;
  entityName: string;
  storeId?: string | null;
  /** What changed; never secrets (a password change says only that it happened). */
  details?: Record<string, unknown>;
};

/** Appends one audit event, in the same transaction as the change it describes. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.execute(
    sql`insert into audit_events (actor_id, action, entity_type, entity_id, entity_name, store_id, details)
        values (${entry.actorId}, ${entry.action}, ${entry.entityType}, ${entry.entityId}, ${entry.entityName},
                ${entry.storeId ?? null}, ${JSON.stringify(entry.details ?? {})}::jsonb)`,
  );
}
