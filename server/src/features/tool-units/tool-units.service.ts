import {
  assetTagTaken,
  PLAN_NOT_ON_TOOL,
  SERVICE_IN_FUTURE,
  SERVICE_PLAN_SAVED,
  SERVICE_PLANS_NOT_FOUND,
  SERVICE_RECORDED,
  type ServiceDueQuerySchema,
  type ServicePlanCreateRequestSchema,
  type ServiceRecordRequestSchema,
  serialTaken,
  servicePlanNameTaken,
  TOOL_NOT_FOUND,
  TOOL_PLANS_SAVED,
  TOOL_SAVED_CHANGES,
  type ToolUnit,
  UNIT_ADDED,
  UNIT_NOT_FOUND,
  UNIT_NOT_RETIRABLE,
  UNIT_RETIRED,
  UNIT_SERVICED_IN_STORE,
  UNITS_ON_SERIAL_TOOLS_ONLY,
  type UnitCreateRequestSchema,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { recordAudit } from '../audit/audit.service';
import { lockItem, recordMovementWithId } from '../movements/movements.service';
import { getTool } from '../tools/tools.service';
import { presentDue, presentEvent, presentPlan, presentUnit } from './tool-units.presenter';
import {
  findDueRows,
  findPlans,
  findToolPlanIds,
  findUnitHistory,
  findUnitRows,
  insertPlan,
  insertService,
  insertUnit,
  notifyDueSoon,
  setRetiredReason,
  setToolPlans as setToolPlanRows,
  setToolQualification,
} from './tool-units.repository';

/** How many days ahead a unit's keepers are told it falls due. */
export const DUE_SOON_DAYS = 14;

/** A serial tool of the caller's; 400 for a count tool. */
async function serialTool(db: DbOrTx, auth: AuthContext, toolId: string) {
  const tool = await getTool(db, auth, toolId);
  if (tool.tracking !== 'serial') throw new AppError('bad_request', UNITS_ON_SERIAL_TOOLS_ONLY);
  return tool;
}

async function mustFindUnit(db: DbOrTx, auth: AuthContext, id: string, timeZone: string): Promise<ToolUnit> {
  const [row] = await findUnitRows(db, { storeIds: storeScopeOf(auth), ids: [id], today: todayIn(timeZone) });
  if (!row) throw new AppError('not_found', UNIT_NOT_FOUND);
  return presentUnit(row);
}

export async function listUnits(db: DbOrTx, auth: AuthContext, toolId: string, timeZone: string) {
  const tool = await serialTool(db, auth, toolId);
  const rows = await findUnitRows(db, { storeIds: storeScopeOf(auth), toolId, today: todayIn(timeZone) });
  const plans = await findToolPlanIds(db, toolId);
  return { units: rows.map(presentUnit), planIds: plans.map((plan) => plan.plan_id), requiresQualification: tool.requiresQualification };
}

/** A unit with its history: the ledger lines that moved it and its services. */
export async function getUnit(db: DbOrTx, auth: AuthContext, id: string, timeZone: string) {
  const unit = await mustFindUnit(db, auth, id, timeZone);
  return { unit, history: (await findUnitHistory(db, id)).map(presentEvent) };
}

/**
 * Adds a unit to a serial tool: the unit, the tool's plans counted from today, and an opening line
 * of 1 naming it, in one transaction; its keepers are told at once if a plan makes it due soon.
 */
export function addUnit(
  db: Db,
  auth: AuthContext,
  toolId: string,
  input: z.output<typeof UnitCreateRequestSchema>,
  timeZone: string,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx) => {
    const tool = await serialTool(tx, auth, toolId);
    await lockItem(tx, 'tool', toolId);
    let unitId: string;
    try {
      unitId = await insertUnit(tx, { toolId, storeId: tool.storeId._id, serial: input.serial, assetTag: input.assetTag || null });
    } catch (error) {
      if (databaseErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      const isTag = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? error).includes('asset_tag');
      throw new AppError('conflict', isTag ? assetTagTaken(input.assetTag) : serialTaken(input.serial));
    }
    await recordMovementWithId(
      tx,
      {
        itemKind: 'tool',
        itemId: toolId,
        storeIds: storeScopeOf(auth),
        kind: 'opening',
        quantity: 1,
        actorId: auth.userId,
        unitIds: [unitId],
      },
      { notFound: TOOL_NOT_FOUND, refused: () => TOOL_NOT_FOUND },
    );
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'create',
      entityType: 'tool_unit',
      entityId: unitId,
      entityName: `${tool.name} ${input.serial}`,
      storeId: tool.storeId._id,
      details: { serial: input.serial, assetTag: input.assetTag || null },
    });
    await notifyDueSoon(tx, { today: todayIn(timeZone), withinDays: DUE_SOON_DAYS, unitIds: [unitId] });
    return { status: 201 as const, body: { message: UNIT_ADDED, unit: await mustFindUnit(tx, auth, unitId, timeZone) } };
  });
}

/** Retires a unit in the store or back damaged: it leaves the tool's total through its own ledger line. */
export function retireUnit(db: Db, auth: AuthContext, id: string, reason: string, timeZone: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const unit = await mustFindUnit(tx, auth, id, timeZone);
    const kind = unit.state === 'available' ? 'retirement' : unit.state === 'damaged' ? 'damaged_retirement' : undefined;
    if (!kind) throw new AppError('conflict', UNIT_NOT_RETIRABLE);
    await recordMovementWithId(
      tx,
      {
        itemKind: 'tool',
        itemId: unit.toolId,
        storeIds: storeScopeOf(auth),
        kind,
        quantity: 1,
        actorId: auth.userId,
        reason,
        unitIds: [id],
      },
      { notFound: TOOL_NOT_FOUND, refused: () => UNIT_NOT_RETIRABLE },
    );
    await setRetiredReason(tx, id, reason);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'tool_unit',
      entityId: id,
      entityName: `${unit.toolName} ${unit.serial}`,
      storeId: unit.store._id,
      details: { state: { before: unit.state, after: 'retired' }, reason },
    });
    return { status: 200 as const, body: { message: UNIT_RETIRED, unit: await mustFindUnit(tx, auth, id, timeZone) } };
  });
}

// ---- Plans ----

export async function listPlans(db: DbOrTx) {
  return { plans: (await findPlans(db)).map(presentPlan) };
}

export function createPlan(db: Db, auth: AuthContext, input: z.output<typeof ServicePlanCreateRequestSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    let id: string;
    try {
      id = await insertPlan(tx, input);
    } catch (error) {
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', servicePlanNameTaken(input.name));
      throw error;
    }
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'create',
      entityType: 'service_plan',
      entityId: id,
      entityName: input.name,
      storeId: null,
      details: { intervalDays: input.intervalDays ?? null, intervalUses: input.intervalUses ?? null, checklist: input.checklist },
    });
    const [row] = await findPlans(tx, [id]);
    if (!row) throw new Error('the plan just saved was not found');
    return { status: 201 as const, body: { message: SERVICE_PLAN_SAVED, plan: presentPlan(row) } };
  });
}

/** Sets the plans a serial tool follows, under its row's lock (a unit added at once gets them too). */
export function assignPlans(db: Db, auth: AuthContext, toolId: string, planIds: string[], timeZone: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const tool = await serialTool(tx, auth, toolId);
    const ids = [...new Set(planIds)];
    const plans = await findPlans(tx, ids);
    if (plans.length !== ids.length) throw new AppError('bad_request', SERVICE_PLANS_NOT_FOUND);
    await lockItem(tx, 'tool', toolId);
    await setToolPlanRows(tx, toolId, ids);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'tool',
      entityId: toolId,
      entityName: tool.name,
      storeId: tool.storeId._id,
      details: { servicePlans: plans.map((plan) => plan.name) },
    });
    await notifyDueSoon(tx, { today: todayIn(timeZone), withinDays: DUE_SOON_DAYS, toolId });
    return { status: 200 as const, body: { message: TOOL_PLANS_SAVED, plans: plans.map(presentPlan) } };
  });
}

/** Sets or clears the qualification a tool requires of the worker it is handed to. */
export function setRequiredQualification(db: Db, auth: AuthContext, toolId: string, qualification: string | null, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const before = await getTool(tx, auth, toolId);
    await setToolQualification(tx, toolId, qualification);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'tool',
      entityId: toolId,
      entityName: before.name,
      storeId: before.storeId._id,
      details: { requiresQualification: { before: before.requiresQualification, after: qualification } },
    });
    return { status: 200 as const, body: { message: TOOL_SAVED_CHANGES, tool: await getTool(tx, auth, toolId) } };
  });
}

// ---- Services ----

/** How far ahead of the server's clock a phone's service time may be. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * Records a service of a unit in the store: the unit's plan due again from the day it was done; a
 * failure holds the unit for service (its own ledger line), and a pass releases it once no plan of it
 * stands failed. The tool's row is locked first, as every move of its units does.
 */
export function recordService(
  db: Db,
  auth: AuthContext,
  unitId: string,
  input: z.output<typeof ServiceRecordRequestSchema>,
  timeZone: string,
  requestKey?: RequestKey,
) {
  if (Date.parse(input.performedAt) > Date.now() + FUTURE_TOLERANCE_MS) throw new AppError('bad_request', SERVICE_IN_FUTURE);
  return runIdempotent(db, requestKey, async (tx: Tx) => {
    const found = await mustFindUnit(tx, auth, unitId, timeZone);
    await lockItem(tx, 'tool', found.toolId);
    const unit = await mustFindUnit(tx, auth, unitId, timeZone);
    if (!unit.plans.some((plan) => plan.planId === input.planId)) throw new AppError('bad_request', PLAN_NOT_ON_TOOL);
    if (unit.state !== 'available' && unit.state !== 'in_service') throw new AppError('conflict', UNIT_SERVICED_IN_STORE);
    const { stillFailed } = await insertService(tx, {
      unitId,
      planId: input.planId,
      result: input.result,
      checklist: input.checklist,
      notes: input.notes || null,
      performedAt: input.performedAt,
      performedOn: todayIn(timeZone, new Date(input.performedAt)),
      performedBy: auth.userId,
    });
    const kind =
      stillFailed && unit.state === 'available' ? 'service_hold' : !stillFailed && unit.state === 'in_service' ? 'service_release' : null;
    if (kind) {
      await recordMovementWithId(
        tx,
        { itemKind: 'tool', itemId: unit.toolId, storeIds: storeScopeOf(auth), kind, quantity: 1, actorId: auth.userId, unitIds: [unitId] },
        { notFound: TOOL_NOT_FOUND, refused: () => UNIT_SERVICED_IN_STORE },
      );
    }
    await notifyDueSoon(tx, { today: todayIn(timeZone), withinDays: DUE_SOON_DAYS, unitIds: [unitId] });
    return { status: 201 as const, body: { message: SERVICE_RECORDED, unit: await mustFindUnit(tx, auth, unitId, timeZone) } };
  });
}

/** Units due within the days asked (overdue and failed first), with who has them when out. */
export async function listServiceDue(db: DbOrTx, auth: AuthContext, query: z.output<typeof ServiceDueQuerySchema>, timeZone: string) {
  assertStoreVisible(auth, query.storeId);
  const rows = await findDueRows(db, { ...query, storeIds: storeScopeOf(auth), today: todayIn(timeZone) });
  return { due: rows.map(presentDue), total: rows[0]?.total ?? 0 };
}
