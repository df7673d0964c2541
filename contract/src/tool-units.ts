import { z } from 'zod';
import { IdSchema, NAME_MAX, optionalText, PageQuerySchema, requiredText, StoreRefSchema, TEXT_MAX } from './common';
import { CalendarDateSchema, UnitIdsSchema } from './ledger';
import { dayOf } from './messages';

// Serial tools: each unit a machine with its serial number, its service plans and the check-outs they allow.

/** Whether a tool is counted as a quantity, or tracked unit by unit with a serial number each. */
export const TOOL_TRACKINGS = ['count', 'serial'] as const;
export type ToolTracking = (typeof TOOL_TRACKINGS)[number];

/** Where a unit is: exactly one of these at a time. */
export const UNIT_STATES = ['available', 'issued', 'custody', 'in_service', 'damaged', 'lost', 'retired'] as const;
export type UnitState = (typeof UNIT_STATES)[number];
export { UnitIdsSchema };

/** An admin's override of a service or qualification check, for one check-out. */
export const OverrideSchema = z.object({ reason: requiredText('Override reason', TEXT_MAX) });

export const UnitCreateRequestSchema = z.object({
  serial: requiredText('Serial number', 80),
  assetTag: optionalText('Asset tag', 80),
});
export type UnitCreateRequest = z.input<typeof UnitCreateRequestSchema>;

export const UnitRetireRequestSchema = z.object({ retire: z.object({ reason: requiredText('Retirement reason', TEXT_MAX) }) });
export type UnitRetireRequest = z.input<typeof UnitRetireRequestSchema>;

/** Where a unit stands on one of its tool's service plans. */
export const UnitPlanSchema = z.object({
  planId: z.string(),
  name: z.string(),
  /** The day it is next due (null for a plan counted in uses only). */
  dueOn: z.string().nullable(),
  /** Check-outs left before the next service (null for a plan counted in days only). */
  usesLeft: z.number().nullable(),
  lastResult: z.enum(['passed', 'failed']).nullable(),
  /** Due today or earlier, out of uses, or failed: it cannot leave the store. */
  isDue: z.boolean(),
});
export type UnitPlan = z.infer<typeof UnitPlanSchema>;

export const ToolUnitSchema = z.object({
  _id: z.string(),
  toolId: z.string(),
  toolName: z.string(),
  store: StoreRefSchema,
  serial: z.string(),
  assetTag: z.string().nullable(),
  state: z.enum(UNIT_STATES),
  /** The short code its own label encodes. */
  code: z.string(),
  /** The worker who has it, while it is out with one. */
  holder: z.object({ _id: z.string(), name: z.string(), custodyId: z.string() }).nullable(),
  plans: z.array(UnitPlanSchema),
  retiredReason: z.string().nullable(),
  createdAt: z.string(),
});
export type ToolUnit = z.infer<typeof ToolUnitSchema>;
/** A serial tool's units, the plans it follows and the qualification it requires. */
export const ToolUnitListResponseSchema = z.object({
  units: z.array(ToolUnitSchema),
  planIds: z.array(z.string()),
  requiresQualification: z.string().nullable(),
});
export type ToolUnitListResponse = z.infer<typeof ToolUnitListResponseSchema>;
export const ToolUnitResponseSchema = z.object({ message: z.string(), unit: ToolUnitSchema });

/** A line of a unit's history: a ledger line that moved it, a service, or an admin's override. */
export const UnitEventSchema = z.object({
  at: z.string(),
  type: z.enum(['movement', 'service']),
  /** A movement's kind, or a service's result. */
  what: z.string(),
  by: z.string().nullable(),
  worker: z.string().nullable(),
  plan: z.string().nullable(),
  note: z.string().nullable(),
});
export type UnitEvent = z.infer<typeof UnitEventSchema>;
export const ToolUnitDetailResponseSchema = z.object({ unit: ToolUnitSchema, history: z.array(UnitEventSchema) });
export type ToolUnitDetailResponse = z.infer<typeof ToolUnitDetailResponseSchema>;

// ---- Service plans ----

const wholeDays = (label: string) =>
  z
    .number({ message: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(3650, `${label} must be at most 3650`);
export const PLAN_INTERVAL_REQUIRED = 'Give the plan an interval in days, in check-outs, or both.';

export const ServicePlanCreateRequestSchema = z
  .object({
    name: requiredText('Plan name', NAME_MAX),
    intervalDays: wholeDays('Interval in days').optional(),
    intervalUses: wholeDays('Interval in check-outs').optional(),
    checklist: z.array(requiredText('Checklist item', NAME_MAX)).max(40, 'A checklist holds at most 40 items.').default([]),
  })
  .refine((plan) => plan.intervalDays !== undefined || plan.intervalUses !== undefined, {
    message: PLAN_INTERVAL_REQUIRED,
    path: ['intervalDays'],
  });
export type ServicePlanCreateRequest = z.input<typeof ServicePlanCreateRequestSchema>;

export const ServicePlanSchema = z.object({
  _id: z.string(),
  name: z.string(),
  intervalDays: z.number().nullable(),
  intervalUses: z.number().nullable(),
  checklist: z.array(z.string()),
  createdAt: z.string(),
});
export type ServicePlan = z.infer<typeof ServicePlanSchema>;
export const ServicePlanListResponseSchema = z.object({ plans: z.array(ServicePlanSchema) });
export const ServicePlanResponseSchema = z.object({ message: z.string(), plan: ServicePlanSchema });

export const ToolPlansRequestSchema = z.object({
  planIds: z.array(IdSchema).max(20, 'A tool follows at most 20 plans.'),
});
export const ToolPatchRequestSchema = z.object({
  /** The qualification a worker must hold to be handed this tool; null for none. */
  requiresQualification: requiredText('Qualification', NAME_MAX).nullable(),
});

export const SERVICE_RESULTS = ['passed', 'failed'] as const;
export const ServiceRecordRequestSchema = z.object({
  planId: IdSchema,
  result: z.enum(SERVICE_RESULTS, { message: 'Result must be passed or failed' }),
  checklist: z
    .array(z.object({ item: requiredText('Checklist item', NAME_MAX), ok: z.boolean() }))
    .max(40)
    .default([]),
  notes: optionalText('Notes', TEXT_MAX),
  performedAt: z.iso.datetime({ offset: true, message: 'Please enter when the service was done.' }),
});
export type ServiceRecordRequest = z.input<typeof ServiceRecordRequestSchema>;

// ---- Due soon ----

export const ServiceDueQuerySchema = PageQuerySchema.extend({
  storeId: IdSchema.optional(),
  withinDays: z.coerce.number().int().min(0).max(365).default(14),
});
export const ServiceDueLineSchema = z.object({
  unit: ToolUnitSchema,
  plan: z.object({ _id: z.string(), name: z.string(), checklist: z.array(z.string()) }),
  dueOn: z.string().nullable(),
  usesLeft: z.number().nullable(),
  isOverdue: z.boolean(),
  isFailed: z.boolean(),
});
export type ServiceDueLine = z.infer<typeof ServiceDueLineSchema>;
export const ServiceDueResponseSchema = z.object({ due: z.array(ServiceDueLineSchema), total: z.number() });
export type ServiceDueResponse = z.infer<typeof ServiceDueResponseSchema>;

// ---- Qualifications ----

export const QualificationCreateRequestSchema = z.object({
  name: requiredText('Qualification', NAME_MAX),
  expiresOn: CalendarDateSchema.optional(),
});
export type QualificationCreateRequest = z.input<typeof QualificationCreateRequestSchema>;
export const QualificationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  expiresOn: z.string().nullable(),
  isValid: z.boolean(),
});
export type Qualification = z.infer<typeof QualificationSchema>;
export const QualificationListResponseSchema = z.object({ qualifications: z.array(QualificationSchema) });
export const QualificationResponseSchema = z.object({ message: z.string(), qualification: QualificationSchema });

// ---- Messages ----

export const UNIT_NOT_FOUND = 'Tool unit not found';
export const SERVICE_PLAN_NOT_FOUND = 'Service plan not found';
export const SERVICE_PLANS_NOT_FOUND = 'Some of the service plans were not found.';
export const QUALIFICATION_NOT_FOUND = 'Qualification not found';
export const UNIT_ADDED = 'Unit added';
export const UNIT_RETIRED = 'Unit retired';
export const SERVICE_PLAN_SAVED = 'Service plan saved';
export const TOOL_PLANS_SAVED = 'Service plans saved';
export const TOOL_SAVED_CHANGES = 'Tool saved';
export const SERVICE_RECORDED = 'Service recorded';
export const QUALIFICATION_ADDED = 'Qualification added';
export const QUALIFICATION_REMOVED = 'Qualification removed';
export const UNITS_ON_SERIAL_TOOLS_ONLY = 'Only a tool tracked by serial number has units.';
export const SERIAL_TOOL_STARTS_EMPTY = 'A tool tracked by serial number starts with quantity 0: add its units one by one.';
export const UNITS_MATCH_QUANTITY = 'Name as many units as the quantity.';
export const UNIT_NOT_RETIRABLE = 'Only a unit in the store or back damaged can be retired.';
export const UNIT_SERVICED_IN_STORE = 'A unit is serviced while it is in the store: check it in first.';
export const SERVICE_IN_FUTURE = 'The service cannot be dated in the future.';
export const PLAN_NOT_ON_TOOL = 'This service plan is not one of the tool’s.';
export const OVERRIDE_ADMIN_ONLY = 'Only an admin may override a service or qualification check.';
export const SERIAL_TOOL_NOT_MOVED_HERE =
  'A tool tracked by serial number moves unit by unit: issue, return, hand over or retire its units.';
export function unitsRequired(tool: string): string {
  return `${tool} is tracked by serial number: name the units that move.`;
}
export function serialTaken(serial: string): string {
  return `This tool already has a unit with serial number "${serial}".`;
}
export function assetTagTaken(tag: string): string {
  return `Another unit already has asset tag "${tag}".`;
}
export function unitNotHere(serial: string): string {
  return `Unit ${serial} is not where this movement takes it from: look at its page for where it is.`;
}
/** A unit a plan holds back: due or overdue since a day, out of check-outs, or failed its last service. */
export function serviceDue(serial: string, plan: string, day: string): string {
  return `Unit ${serial} needs its ${plan} service (due ${dayOf(day)}) before it leaves the store.`;
}
export function qualificationMissing(worker: string, qualification: string): string {
  return `${worker} holds no valid ${qualification} qualification, which this tool requires.`;
}
export function servicePlanNameTaken(name: string): string {
  return `A service plan named "${name}" already exists.`;
}
