import {
  type MovementKind,
  SERIAL_TOOL_NOT_MOVED_HERE,
  serviceDue,
  UNIT_NOT_FOUND,
  type UnitState,
  unitNotHere,
} from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { heldBackBy, queryRows } from '../../db/sql';
import { AppError } from '../../lib/errors';

/** The state each kind of ledger line takes a serial tool's unit from, and to. */
const UNIT_TRANSITIONS: Partial<Record<MovementKind, [UnitState, UnitState]>> = {
  opening: ['available', 'available'],
  issue: ['available', 'issued'],
  return: ['issued', 'available'],
  damage: ['available', 'damaged'],
  checkout: ['available', 'custody'],
  checkin: ['custody', 'available'],
  damaged_return: ['custody', 'damaged'],
  loss: ['custody', 'lost'],
  service_hold: ['available', 'in_service'],
  service_release: ['in_service', 'available'],
  retirement: ['available', 'retired'],
  damaged_retirement: ['damaged', 'retired'],
};
/** The kinds whose reversal takes the units back where they were. */
const REVERSIBLE_UNIT_KINDS: readonly MovementKind[] = ['issue', 'return', 'damage'];
/** The kinds that take a unit out of the store for use: held back by its service plans. */
const USE_KINDS: readonly MovementKind[] = ['issue', 'checkout'];

export function movesUnits(kind: MovementKind): boolean {
  return UNIT_TRANSITIONS[kind] !== undefined;
}

export type UnitMove = {
  toolId: string;
  movementId: string;
  kind: MovementKind;
  unitIds: string[];
  isReversal: boolean;
  custodyId?: string | null;
  /** The day a use is checked against the units' service plans, unless an admin overrode them. */
  serviceGate?: { today: string; isOverridden: boolean };
};

/**
 * Moves the named units of a serial tool from the state the line takes them from to the one it leaves
 * them in, and links them to the line, in one conditional statement after the line's own: a unit
 * elsewhere (another keeper took it a moment ago) or held back by a plan is not moved, and the
 * caller's transaction is refused with the first such unit's reason. A use counts down its plans'
 * check-outs.
 */
export async function moveUnits(tx: DbOrTx, move: UnitMove): Promise<void> {
  const transition = UNIT_TRANSITIONS[move.kind];
  if (!transition || (move.isReversal && !REVERSIBLE_UNIT_KINDS.includes(move.kind))) {
    throw new AppError('conflict', SERIAL_TOOL_NOT_MOVED_HERE);
  }
  const [from, to] = move.isReversal ? [transition[1], transition[0]] : transition;
  const gate = !move.isReversal && USE_KINDS.includes(move.kind) ? move.serviceGate : undefined;
  const [moved] = await queryRows<{ count: number }>(
    tx,
    sql`with moved as (
          update tool_units u set state = ${to}, custody_id = ${to === 'custody' ? (move.custodyId ?? null) : null}::uuid
          where u.tool_id = ${move.toolId} and u.id = any(${`{${move.unitIds.join(',')}}`}::uuid[]) and u.state = ${from}${
            // A unit comes back only on the custody record it went out on.
            from === 'custody' ? sql` and u.custody_id = ${move.custodyId ?? null}::uuid` : sql``
          }${
            gate && !gate.isOverridden
              ? sql` and not exists (select 1 from unit_plans p where p.unit_id = u.id and ${heldBackBy('p', gate.today)})`
              : sql``
          }
          returning u.id
        ), used as (
          update unit_plans p set uses_left = p.uses_left - 1
          where ${gate ? sql`true` : sql`false`} and p.unit_id in (select id from moved) and p.uses_left is not null
        ), linked as (
          insert into movement_units (movement_id, unit_id) select ${move.movementId}, id from moved
        )
        select count(*)::int as count from moved`,
  );
  if ((moved?.count ?? 0) === move.unitIds.length) return;
  throw await whyUnitsStayed(tx, move, from, gate?.today);
}

/** Why a unit of a move stayed where it was: not the tool's, elsewhere, or held back by a plan (the soonest due). */
async function whyUnitsStayed(tx: DbOrTx, move: UnitMove, from: UnitState, today?: string): Promise<AppError> {
  const units = await queryRows<{
    id: string;
    serial: string;
    state: string;
    custody_id: string | null;
    plan: string | null;
    due: string | null;
  }>(
    tx,
    sql`select u.id, u.serial, u.state, u.custody_id,
               b.name as plan, b.due::text as due
        from tool_units u
        left join lateral (
          select sp.name, coalesce(case when p.last_result = 'failed' then (select max(s.performed_at)::date from unit_services s
                                                                             where s.unit_id = u.id and s.plan_id = p.plan_id) end,
                                   case when p.due_on <= ${today ?? '1970-01-01'}::date then p.due_on end,
                                   ${today ?? '1970-01-01'}::date) as due
          from unit_plans p join service_plans sp on sp.id = p.plan_id
          where p.unit_id = u.id and ${today ? heldBackBy('p', today) : sql`false`}
          order by due limit 1
        ) b on true
        where u.tool_id = ${move.toolId} and u.id = any(${`{${move.unitIds.join(',')}}`}::uuid[])`,
  );
  if (units.length < move.unitIds.length) return new AppError('not_found', UNIT_NOT_FOUND);
  const elsewhere = units.find((unit) => unit.state !== from || (from === 'custody' && unit.custody_id !== move.custodyId));
  if (elsewhere) return new AppError('conflict', unitNotHere(elsewhere.serial));
  const held = units.find((unit) => unit.plan !== null);
  if (held) return new AppError('conflict', serviceDue(held.serial, held.plan ?? '', held.due ?? ''));
  return new AppError('conflict', unitNotHere(units[0]?.serial ?? ''));
}

/** The units a ledger line moved, for its reversal. */
export async function findMovedUnits(tx: DbOrTx, movementId: string): Promise<string[]> {
  const rows = await queryRows<{ unit_id: string }>(tx, sql`select unit_id from movement_units where movement_id = ${movementId}`);
  return rows.map((row) => row.unit_id);
}
