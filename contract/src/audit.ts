import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './common';
import { CalendarDateSchema } from './ledger';

export const AUDIT_ENTITY_TYPES = [
  'user',
  'store',
  'material',
  'tool',
  'delivery',
  'worker',
  'custody',
  'parked_movement',
  'api_token',
  'import',
  'job',
  'cost_code',
  'valuation',
  'supplier',
  'purchase_order',
  'settings',
  'supplier_invoice',
  'supplier_return',
  'webhook',
  'tool_unit',
  'service_plan',
  'qualification',
  'movement',
] as const;
/** Besides changes to records: a sign-in, a burst of failed sign-ins on an account, sessions signed out, a store's books closed or reopened, a parked movement applied or discarded. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'sign_in',
  'sign_in_burst',
  'sign_out',
  'lock',
  'unlock',
  'apply',
  'discard',
  'order',
  'cancel',
  'close',
  'receive',
  'approve',
  // A check-out an admin let through a service or qualification check.
  'override',
  // Files added to a ledger line after it was recorded.
  'attach',
] as const;

export const AuditQuerySchema = PageQuerySchema.extend({
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  actorId: IdSchema.optional(),
  entityId: IdSchema.optional(),
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.string(),
  entityName: z.string(),
  storeId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;
export const AuditListResponseSchema = z.object({ events: z.array(AuditEventSchema), total: z.number() });
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;
