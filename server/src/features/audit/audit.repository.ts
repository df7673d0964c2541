import type { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AuditQuery } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/sql';
import type { AuditRow } from './audit.presenter';

export type AuditEntry = {
  actorId: string | null;
  action: (typeof AUDIT_ACTIONS)[number];
  entityType: (typeof AUDIT_ENTITY_TYPES)[number];
  entityId: string;
  entityName: string;
  storeId?: string | null;
  /** What changed; never secrets (a password change says only that it happened). */
  details?: Record<string, unknown>;
};

export async function insertAuditEvent(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.execute(
    sql`insert into audit_events (actor_id, action, entity_type, entity_id, entity_name, store_id, details)
        values (${entry.actorId}, ${entry.action}, ${entry.entityType}, ${entry.entityId}, ${entry.entityName},
                ${entry.storeId ?? null}, ${JSON.stringify(entry.details ?? {})}::jsonb)`,
  );
}

/** Audit events matching the filters, newest first; `from`/`to` are days in the app's time zone. */
export async function findAuditRows(
  db: DbOrTx,
  query: Omit<AuditQuery, 'limit' | 'offset'> & { limit: number; offset: number },
  timeZone: string,
): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (query.entityType) conditions.push(sql`a.entity_type = ${query.entityType}`);
  if (query.action) conditions.push(sql`a.action = ${query.action}`);
  if (query.actorId) conditions.push(sql`a.actor_id = ${query.actorId}`);
  if (query.entityId) conditions.push(sql`a.entity_id = ${query.entityId}`);
  if (query.from) conditions.push(sql`a.at >= (${query.from}::date::timestamp at time zone ${timeZone})`);
  if (query.to) conditions.push(sql`a.at < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`);
  const rows = await queryRows<AuditRow & { total: number }>(
    db,
    sql`select a.*, u.name as actor_name, count(*) over ()::int as total
        from audit_events a left join users u on u.id = a.actor_id
        where ${sql.join(conditions, sql` and `)}
        order by a.at desc, a.id
        limit ${query.limit} offset ${query.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export type SignInBurstRow = { user_name: string; at: string | Date; last_address: string | null };

/** The bursts of failed sign-ins recorded in the last `days` days, newest first (audit_events_entity_idx). */
export function findRecentSignInBursts(db: DbOrTx, days: number): Promise<SignInBurstRow[]> {
  return queryRows<SignInBurstRow>(
    db,
    sql`select entity_name as user_name, at, details->>'lastAddress' as last_address from audit_events
        where entity_type = 'user' and at > now() - make_interval(days => ${days}) and action = 'sign_in_burst'
        order by at desc limit 10`,
  );
}
