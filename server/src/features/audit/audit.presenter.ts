import type { AuditEvent } from '@stockyard/contract';
import { UNKNOWN_USER } from '@stockyard/contract';
import type { auditEvents } from '../../db/schema';
import type { RowOf } from '../../db/sql';

export type AuditRow = RowOf<typeof auditEvents> & { actor_name: string | null };

export function presentAuditEvent(row: AuditRow): AuditEvent {
  return {
    _id: row.id,
    at: new Date(row.at).toISOString(),
    actor: row.actor_id ? { _id: row.actor_id, name: row.actor_name ?? UNKNOWN_USER } : null,
    action: row.action as AuditEvent['action'],
    entityType: row.entity_type as AuditEvent['entityType'],
    entityId: row.entity_id,
    entityName: row.entity_name,
    storeId: row.store_id,
    details: row.details as Record<string, unknown>,
  };
}
