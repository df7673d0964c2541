import type { ServiceDueLine, ServicePlan, ToolUnit, UnitEvent, UnitState } from '@stockyard/contract';
import type { DueRow, PlanRow, UnitRow } from './tool-units.repository';

export function presentUnit(row: UnitRow): ToolUnit {
  return {
    _id: row.id,
    toolId: row.tool_id,
    toolName: row.tool_name,
    store: { _id: row.store_id, name: row.store_name },
    serial: row.serial,
    assetTag: row.asset_tag,
    state: row.state as UnitState,
    code: row.code,
    holder: row.holder_id && row.custody_id ? { _id: row.holder_id, name: row.holder_name ?? '', custodyId: row.custody_id } : null,
    plans: row.plans,
    retiredReason: row.retired_reason,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function presentPlan(row: PlanRow): ServicePlan {
  return {
    _id: row.id,
    name: row.name,
    intervalDays: row.interval_days,
    intervalUses: row.interval_uses,
    checklist: row.checklist,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function presentDue(row: DueRow): ServiceDueLine {
  return {
    unit: presentUnit(row),
    plan: { _id: row.plan_id, name: row.plan_name, checklist: row.plan_checklist },
    dueOn: row.due_on,
    usesLeft: row.uses_left,
    isOverdue: row.is_overdue,
    isFailed: row.is_failed,
  };
}

export function presentEvent(row: {
  at: string | Date;
  type: 'movement' | 'service';
  what: string;
  by: string | null;
  worker: string | null;
  plan: string | null;
  note: string | null;
}): UnitEvent {
  return { ...row, at: new Date(row.at).toISOString() };
}
