import { type AuditEvent, AuditListResponseSchema, AuditQuerySchema, ErrorResponseSchema } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client';
import { authorize } from '../auth/auth.hooks';

type Row = {
  id: string;
  at: string | Date;
  actor_id: string | null;
  actor_name: string | null;
  action: AuditEvent['action'];
  entity_type: AuditEvent['entityType'];
  entity_id: string;
  entity_name: string;
  store_id: string | null;
  details: Record<string, unknown>;
  total: number;
};

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit',
    {
      preHandler: authorize('audit:read'),
      schema: {
        tags: ['audit'],
        querystring: AuditQuerySchema,
        response: { 200: AuditListResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const conditions: SQL[] = [sql`true`];
      if (query.entityType) conditions.push(sql`a.entity_type = ${query.entityType}`);
      if (query.action) conditions.push(sql`a.action = ${query.action}`);
      if (query.actorId) conditions.push(sql`a.actor_id = ${query.actorId}`);
      if (query.entityId) conditions.push(sql`a.entity_id = ${query.entityId}`);
      if (query.from) conditions.push(sql`a.at >= (${query.from}::date::timestamp at time zone ${app.timeZone})`);
      if (query.to) conditions.push(sql`a.at < ((${query.to}::date + 1)::timestamp at time zone ${app.timeZone})`);
      const rows = await queryRows<Row>(
        app.db,
        sql`select a.*, u.name as actor_name, count(*) over ()::int as total
            from audit_events a left join users u on u.id = a.actor_id
            where ${sql.join(conditions, sql` and `)}
            order by a.at desc, a.id
            limit ${query.limit} offset ${query.offset}`,
      );
      const total = rows[0]?.total ?? 0;
      reply.header('X-Total-Count', String(total));
      return {
        total,
        events: rows.map((row) => ({
          _id: row.id,
          at: new Date(row.at).toISOString(),
          actor: row.actor_id ? { _id: row.actor_id, name: row.actor_name ?? 'Unknown user' } : null,
          action: row.action,
          entityType: row.entity_type,
          entityId: row.entity_id,
          entityName: row.entity_name,
          storeId: row.store_id,
          details: row.details,
        })),
      };
    },
  );
};

export default auditRoutes;
