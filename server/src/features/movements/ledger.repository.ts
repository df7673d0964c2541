import { type Location, UNITS_MATCH_QUANTITY } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ItemKind, MOVEMENT_EFFECTS, type MovementKind, type tools } from '../../db/schema';
import { heldByJob, openingValue, queryRows, queryRowsPrepared, type RowOf, storeFilter, unitsOf } from '../../db/sql';
import { AppError } from '../../lib/errors';
import type { IdempotencyClaim } from '../../lib/idempotency';
import { type BatchMove, type BatchState, batchedCte, batchStateOf, batchTakesLine } from './batches.repository';
import { locationInsert, locationValues } from './locations.repository';
import { moveUnits } from './unit-moves.repository';

/** An item's row as the ledger statement returns it: every counter of its table plus its store's name (a material's has no tracking). */
export type ItemRow = Omit<RowOf<typeof tools>, 'tracking' | 'requires_qualification'> &
  Partial<Pick<RowOf<typeof tools>, 'tracking' | 'requires_qualification'>> & {
    store_name: string;
    decimals?: number;
    tracks_expiry?: boolean;
  };

/**
 * A line's quantity fits its item: a material's carries at most its decimals, a tool's is whole. A
 * guard of the movement statement, so a material's decimals lowered meanwhile are read as they now are.
 */
function fitsItem(itemKind: ItemKind, quantity: SQL, row: SQL = sql``): SQL {
  return itemKind === 'material' ? sql`${quantity} = round(${quantity}, ${row}decimals)` : sql`${quantity} = trunc(${quantity})`;
}

const TABLES: Record<ItemKind, string> = { material: 'materials', tool: 'tools' };

export type MovementInput = {
  itemKind: ItemKind;
  itemId: string;
  /** The stores the caller may touch; `null` for every store (an admin). */
  storeIds: string[] | null;
  kind: MovementKind;
  /** Units; negative only for a delivery correction or an adjustment. */
  quantity: number;
  actorId: string | null;
  occurredAt?: SQL;
  reason?: string | null;
  supplier?: string | null;
  deliveryId?: string | null;
  idempotencyKey?: string | null;
  claim?: IdempotencyClaim;
  /** The movement this one reverses. */
  reversesId?: string | null;
  /** The stock count this adjustment posts. */
  countId?: string | null;
  /** The worker a tool goes to or comes back from, and its custody record. */
  workerId?: string | null;
  custodyId?: string | null;
  /** The transfer line a dispatch or receipt belongs to. */
  transferLineId?: string | null;
  /** The phone's op this movement applies: stored with it, so a replay of the op finds it. */
  syncOp?: SyncOpRecord;
  /** A material coming in at a known cost per unit (a decimal string); without one it comes in at the average. */
  unitCost?: string | null;
  /** The job an issue or damage is charged to (or a return credits), and its cost code. */
  job?: JobCharge;
  /** An issue or damage that names no job: refused in a store where every one must. */
  namesNoJob?: boolean;
  /**
   * A value fixed by the caller, evaluated in the statement: a reversal of an outbound line re-enters
   * exactly what that line took.
   */
  exactValue?: SQL;
  /** A serial tool's units the line moves, as many as its quantity; a count tool names none. */
  unitIds?: string[];
  /** For a use of a serial tool's units: the day their service plans are checked against, unless overridden. */
  serviceGate?: { today: string; isOverridden: boolean };
  /** Files attached to the line, written in its statement: the line and its proof, or neither. */
  attachments?: string[];
  /** Where the phone was, kept in the line's statement with its distance from the store's geofence. */
  location?: Location;
  /** A material line entered in another of its units, converted at `factor`, which must still be that unit's when the statement runs. */
  entered?: EnteredUnit;
  /**
   * A material that tracks expiry: the batch the line moves (every line that changes its stock names
   * one). The statement then needs the material's row locked earlier in the transaction.
   */
  batch?: BatchMove;
  /** The day in the app's time zone: a line that takes batches by expiry takes none expired by then. */
  today?: string;
};

/**
 * What a line entered in another unit was as entered: `quantity` of `unit` (its name as kept), at
 * `unitCost` per that unit, which makes the line's value exactly (the movement's `unitCost` is then left out).
 */
export type EnteredUnit = { quantity: number; unit: string; factor: string; unitCost: string | null; unitsVersion: number };

/**
 * The material's units are as they were when the line's factor was read. A column of the row the
 * statement updates: a change of units committed meanwhile is seen when the row is re-read after its lock.
 */
function unitStillConverts(entered: EnteredUnit, row: SQL = sql``): SQL {
  return sql`${row}units_version = ${entered.unitsVersion}`;
}

/**
 * What a material movement moves in money, from the item's row before it (`row` qualifies its
 * columns) and the change of its available quantity `delta`: in at `unitCost` when one is given,
 * else at the average (the value over the quantity, or the average at which the last unit left when
 * there is none); out at the average, rounded to the cent, except that the last unit takes exactly
 * what value is left, so the value is 0 whenever the quantity is.
 */
function movementValue(row: SQL, delta: SQL, unitCost: SQL): SQL {
  const available = sql`${row}available_quantity`;
  const value = sql`${row}stock_value`;
  return sql`(case
      when ${delta} > 0 and ${unitCost} is not null then round(${delta} * ${unitCost}, 2)
      when ${delta} > 0 and ${available} > 0 then round(${delta} * ${value} / ${available}, 2)
      when ${delta} > 0 then round(${delta} * ${row}average_cost, 2)
      when ${delta} < 0 and ${available} = -${delta} then -${value}
      when ${delta} < 0 then -round(-${delta} * ${value} / ${available}, 2)
      else 0 end)`;
}

/**
 * The value columns a material movement sets beside its counters, all from the row before it and the
 * change `delta` of its available quantity: the value it moved, the new value, and the new average
 * (when it takes the last unit, the average that unit left at; a revaluation's cost when it sets one).
 */
function valueAssignments(row: SQL, delta: SQL, movedValue: SQL, newAverage?: SQL): SQL[] {
  const available = sql`${row}available_quantity`;
  return [
    sql`last_movement_value = ${movedValue}`,
    sql`stock_value = ${row}stock_value + ${movedValue}`,
    sql`average_cost = ${
      newAverage ??
      sql`case when ${available} + ${delta} > 0 then round((${row}stock_value + ${movedValue}) / (${available} + ${delta}), 4)
               when ${available} > 0 then round(${row}stock_value / ${available}, 4)
               else ${row}average_cost end`
    }`,
  ];
}

/** A revaluation's value: what takes the stock held from its value now to the quantity at the new cost per unit. */
export function revaluedBy(unitCost: string): SQL {
  return sql`(round(available_quantity * ${unitCost}::numeric, 2) - stock_value)`;
}

/** A ledger line's cost per unit: as given, else what its value makes per unit. */
function lineUnitCost(unitCost: SQL, value: SQL, quantity: SQL): SQL {
  return sql`coalesce(${unitCost}, case when ${quantity} <> 0 then round(abs(${value}) / abs(${quantity}), 4) end)`;
}

/**
 * A transfer line's value still on its way moves with each dispatch (up) and receipt (down) of it;
 * a receipt takes its share of it, and the last units take what is left.
 */
function transitShare(transferLineId: string, quantity: number): SQL {
  return sql`(select case when tl.quantity - tl.received - tl.damaged - tl.lost = 0 then tl.transit_value
                   else round(${quantity}::numeric * tl.transit_value / (tl.quantity - tl.received - tl.damaged - tl.lost + ${quantity}), 2) end
              from transfer_lines tl where tl.id = ${transferLineId})`;
}

/**
 * For a line that lowers what a job holds of the item (a return crediting it, a reversed issue): the
 * job keeps at least 0, counting issues less returns over the item's lines (reversals carry the
 * opposite quantity). Read after the caller locked the item's row, so no line of it is missed.
 */
function jobKeepsHolding(input: MovementInput, jobId: string): SQL | undefined {
  const change = input.kind === 'issue' ? input.quantity : input.kind === 'return' ? -input.quantity : 0;
  if (change >= 0) return undefined;
  return sql`${heldByJob(input.itemId, jobId)} + ${change}::numeric >= 0`;
}

/** Locks an item's row for the rest of the transaction: its lines that follow read every line before them. */
export async function lockItem(tx: DbOrTx, itemKind: ItemKind, itemId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${sql.identifier(TABLES[itemKind])} where id = ${itemId} for no key update`);
}

/** A stored answer keeps a material's amounts as text: a JSON number would bring them back as binary floats. */
const amountsAsText = sql` || jsonb_build_object('stock_value', moved.stock_value::text, 'average_cost', moved.average_cost::text)`;

/** The opposite of a ledger line's value, read in the statement that reverses it (a line never changes). */
export function reversedValue(movementId: string): SQL {
  return sql`(select -m.value from movements m
               where m.id = ${movementId} and m.occurred_at = (select occurred_at from movement_keys where id = ${movementId}))`;
}

/** An offline movement's op as sync_ops keeps it; its (user, opId) is unique, so a replay fails the statement. */
export type SyncOpRecord = { userId: string; opId: string; fingerprint: string; kind: string; reason: string; capturedAt: string };

/**
 * A material movement's job: charged by an issue or damage, credited by a return, which never gives
 * back more than the job was issued net of its returns. `mustBeOpen`: the job must be open and draw
 * from the item's store (a reversal of a job's line is recorded whatever the job's state). A line
 * that lowers what the job holds must run after the item's row is locked in the same transaction,
 * so its check reads every line of that item.
 */
export type JobCharge = { jobId: string; costCodeId: string | null; mustBeOpen: boolean };

/**
 * Why an item's store takes no movement at this time: marked Inactive, its books closed through a day,
 * or (for an issue or damage naming no job) every one there must name a job.
 */
export type StoreRefusal = { storeName: string; isActive: boolean; lockedThrough: string | null; isClosed: boolean; requiresJob: boolean };

/**
 * In the same statement as a change to a material's available or incoming quantity (a CTE `moved`
 * returning its new row): when it crosses its reorder point (available + incoming at or below the
 * minimum now, not before, or back above), `is_low` flips in a conditional UPDATE, so of any number of
 * changes one crossing notifies once; the store's keepers and the admins are notified of a crossing
 * into low.
 */
const lowStockCrossing = sql`, crossed as (
          update reorder_points rp set is_low = (moved.available_quantity + moved.incoming_quantity <= rp.min_qty), updated_at = now()
          from moved
          where rp.material_id = moved.id and rp.is_low <> (moved.available_quantity + moved.incoming_quantity <= rp.min_qty)
          returning rp.material_id, rp.is_low, rp.min_qty, moved.store_id, moved.name, moved.unit, moved.available_quantity,
                    moved.incoming_quantity, moved.store_name
        ), notified as (
          insert into notifications (user_id, kind, store_id, material_id, code, params)
          select u.id, 'low_stock', c.store_id, c.material_id,
                 case when c.incoming_quantity > 0 then 'lowStockIncoming' else 'lowStock' end,
                 case when c.incoming_quantity > 0
                   then jsonb_build_array(c.name, c.store_name, c.available_quantity, c.unit, c.incoming_quantity, c.min_qty)
                   else jsonb_build_array(c.name, c.store_name, c.available_quantity, c.unit, c.min_qty) end
          from crossed c
          join users u on u.deleted_at is null
            and (u.role = 'admin' or (u.role = 'user' and exists (select 1 from user_stores us where us.user_id = u.id and us.store_id = c.store_id)))
          where c.is_low
        )`;

/**
 * Moves what is on its way to a material (a draft or dispatched transfer's line), under the row's
 * lock, with the same low-stock crossing as a movement: goods on their way end a shortage, and a
 * write-off of goods in transit can start one.
 */
export async function moveIncoming(tx: DbOrTx, materialId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx.execute(
    sql`with moved as (
          update materials set incoming_quantity = incoming_quantity + ${delta}::numeric where id = ${materialId}
          returning *, (select s.name from stores s where s.id = store_id) as store_name
        )${lowStockCrossing}
        select 1`,
  );
}

export type MovementResult<R extends ItemRow = ItemRow> =
  | { isRecorded: true; item: R; movementId: string }
  | {
      isRecorded: false;
      current: R | undefined;
      store?: StoreRefusal;
      job?: JobRefusal;
      unitsChanged?: boolean;
      /** The batch the line named as it was when the line was refused; null when the material has none of that name. */
      batch?: BatchState | null;
    };

/** The job a movement named that could no longer take it when its statement ran: closed, or no longer drawing from the store. */
export type JobRefusal = { code: string; isActive: boolean };

/**
 * Moves an item's counters and appends the ledger row in one statement, inside the caller's
 * transaction. The counter change is a conditional UPDATE: no counter may go below zero, so two
 * keepers issuing the last unit at the same moment cannot both succeed. The item's store must be
 * Active with its books open on the movement's time: the store row is read under a key-share lock,
 * which waits for an admin closing the books or deactivating the store at that moment and then reads
 * the store as they left it. When a condition fails (or the item is not the caller's) nothing is
 * written and the current row, if any, is returned for the message.
 */
export async function recordMovement<R extends ItemRow>(tx: DbOrTx, input: MovementInput): Promise<MovementResult<R>> {
  if (input.unitIds && input.unitIds.length !== Math.abs(input.quantity)) throw new AppError('bad_request', UNITS_MATCH_QUANTITY);
  // The units move in a statement after the line's: outside a transaction a refusal there would leave the line alone.
  if (input.unitIds && !('rollback' in tx)) throw new Error("a serial tool's movement must run in a transaction");
  // A batch's guard reads batches as of the statement's start: the material's row, locked first, holds them still.
  if (input.batch && input.itemKind === 'material') {
    if (!('rollback' in tx)) throw new Error("a batch's movement must run in a transaction");
    await lockItem(tx, 'material', input.itemId);
  }
  const table = sql.identifier(TABLES[input.itemKind]);
  const changes = Object.entries(MOVEMENT_EFFECTS[input.kind]).map(([column, perUnit]) => ({
    name: column,
    column: sql.identifier(column),
    delta: perUnit * input.quantity,
  }));
  const isMaterial = input.itemKind === 'material';
  const unitCost = sql`${input.unitCost ?? null}::numeric`;
  const availableDelta = changes.find((change) => change.name === 'available_quantity')?.delta ?? 0;
  const isTransit = isMaterial && input.transferLineId && (input.kind === 'transfer_out' || input.kind === 'store_transfer_in');
  const movedValue =
    input.exactValue ??
    // Entered at a cost per another unit: the value is that cost times the quantity as entered.
    (isMaterial && input.entered?.unitCost
      ? sql`round(${input.entered.quantity}::numeric * ${input.entered.unitCost}::numeric, 2)`
      : undefined) ??
    (isTransit && input.kind === 'store_transfer_in'
      ? transitShare(input.transferLineId as string, input.quantity)
      : movementValue(sql``, sql`${availableDelta}::numeric`, unitCost));
  const assignments = sql.join(
    [
      ...changes.map(({ column, delta }) => sql`${column} = ${column} + ${delta}::numeric`),
      // A material's report line changes with it: cached reports of its store are no longer current.
      ...(isMaterial
        ? [
            sql`change_version = change_version + 1`,
            ...valueAssignments(sql``, sql`${availableDelta}::numeric`, movedValue, input.kind === 'revaluation' ? unitCost : undefined),
          ]
        : []),
    ],
    sql`, `,
  );
  // Every counter but `adjusted` (a signed sum of count differences) stays at zero or above, and what
  // workers hold stays within what is issued (a plain return cannot take back a tool a worker has).
  const deltaOf = (name: string) => changes.find((change) => change.name === name)?.delta ?? 0;
  const guards = sql.join(
    [
      fitsItem(input.itemKind, sql`${input.quantity}::numeric`),
      ...changes.filter(({ name }) => name !== 'adjusted_quantity').map(({ column, delta }) => sql`${column} + ${delta}::numeric >= 0`),
      ...(deltaOf('consumed_quantity') !== 0 || deltaOf('custody_quantity') !== 0
        ? [sql`consumed_quantity + ${deltaOf('consumed_quantity')}::numeric >= custody_quantity + ${deltaOf('custody_quantity')}::numeric`]
        : []),
    ],
    sql` and `,
  );
  const occurredAt = input.occurredAt ?? sql`now()`;
  const job = isMaterial ? input.job : undefined;
  // A material that tracks expiry moves its stock by batch, and only its lines name one.
  const batch = isMaterial && availableDelta !== 0 ? input.batch : undefined;
  const batchGuard =
    !isMaterial || availableDelta === 0
      ? undefined
      : batch
        ? sql`tracks_expiry and ${batchTakesLine(input.itemId, batch, availableDelta)}`
        : sql`not tracks_expiry`;
  const jobHeld = job ? jobKeepsHolding(input, job.jobId) : undefined;
  // One statement: the counter update and the ledger row it justifies, or neither.
  const [item] = await queryRowsPrepared<R & { movement_id: string }>(
    tx,
    sql`with open_store as (
          select s.id from stores s
          where s.id = (select store_id from ${table} where id = ${input.itemId})
            and s.is_active and (s.locked_before is null or s.locked_before <= ${occurredAt})${input.namesNoJob ? sql` and not s.require_job` : sql``}
          for key share
        )${
          job?.mustBeOpen
            ? sql`, open_job as (
          select j.id from jobs j join job_stores js on js.job_id = j.id
          where j.id = ${job.jobId} and j.is_active and js.store_id = (select store_id from ${table} where id = ${input.itemId})
          for share of j
        )`
            : sql``
        }, moved as (
          update ${table} set ${assignments}
          where id = ${input.itemId} and deleted_at is null and ${storeFilter(input.storeIds)} and ${guards}${
            isMaterial ? sql`` : sql` and tracking = ${input.unitIds ? 'serial' : 'count'}`
          }
            and exists (select 1 from open_store)${job?.mustBeOpen ? sql` and exists (select 1 from open_job)` : sql``}${
              isMaterial && input.entered ? sql` and ${unitStillConverts(input.entered)}` : sql``
            }${jobHeld ? sql` and ${jobHeld}` : sql``}${batchGuard ? sql` and ${batchGuard}` : sql``}
          returning *, (select s.name from stores s where s.id = store_id) as store_name${isMaterial ? sql`, ${unitsOf(sql`id`)} as units` : sql``}
        )${batch ? batchedCte(batch, availableDelta) : sql``}, logged as (
          insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, actor_id, reason, supplier, delivery_id,
                                 idempotency_key, reverses_id, count_id, worker_id, custody_id, transfer_line_id, value, unit_cost,
                                 job_id, cost_code_id, entered_quantity, entered_unit, entered_unit_cost, batch_id)
          select store_id, ${input.itemKind}, id, ${input.kind}, ${input.quantity}, ${occurredAt}, ${input.actorId},
                 ${input.reason ?? null}, ${input.supplier ?? null}, ${input.deliveryId ?? null}, ${input.claim?.key ?? input.idempotencyKey ?? null},
                 ${input.reversesId ?? null}, ${input.countId ?? null}, ${input.workerId ?? null}, ${input.custodyId ?? null},
                 ${input.transferLineId ?? null},
                 ${isMaterial ? sql`last_movement_value` : sql`0`},
                 ${isMaterial ? lineUnitCost(unitCost, sql`last_movement_value`, sql`${input.quantity}::numeric`) : sql`null`},
                 ${job?.jobId ?? null}::uuid, ${job?.costCodeId ?? null}::uuid,
                 ${input.entered?.quantity ?? null}::numeric, ${input.entered?.unit ?? null}::text, ${input.entered?.unitCost ?? null}::numeric,
                 ${batch ? sql`(select id from batched)` : sql`null::uuid`}
          from moved
          returning id, occurred_at
        )${
          isTransit
            ? sql`, in_transit as (
          update transfer_lines set transit_value = transit_value - (select last_movement_value from moved)
          where id = ${input.transferLineId ?? null} and exists (select 1 from moved)
        )`
            : sql``
        }${isMaterial ? lowStockCrossing : sql``}${
          input.attachments?.length
            ? sql`, attached as (
          insert into movement_attachments (movement_id, file_id, store_id, position, attached_by)
          select (select id from logged), a.file_id, moved.store_id, a.position, ${input.actorId}::uuid
          from moved, (values ${sql.join(
            input.attachments.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`),
            sql`, `,
          )}) as a(file_id, position)
        )`
            : sql``
        }${
          input.location
            ? sql`, located as (${locationInsert(
                sql`select logged.id, moved.store_id, logged.occurred_at, ${locationValues(input.location)} from moved, logged`,
              )})`
            : sql``
        }${
          input.claim
            ? sql`, claimed as (
          insert into idempotency_keys (user_id, key, fingerprint, status_code, response)
          select ${input.claim.userId}, ${input.claim.key}, ${input.claim.fingerprint}, 200,
                 jsonb_build_object('message', ${input.claim.message}::text, 'row', to_jsonb(moved.*)${isMaterial ? amountsAsText : sql``},
                                    'movementId', (select id from logged))
          from moved
        )`
            : sql``
        }${
          input.syncOp
            ? sql`, synced as (
          insert into sync_ops (user_id, op_id, fingerprint, store_id, kind, item_kind, item_id, quantity, reason, captured_at, state,
                                movement_id, unit_cost)
          select ${input.syncOp.userId}, ${input.syncOp.opId}, ${input.syncOp.fingerprint}, moved.store_id, ${input.syncOp.kind},
                 ${input.itemKind}, moved.id, ${input.quantity}, ${input.syncOp.reason}, ${input.syncOp.capturedAt}::timestamptz, 'applied',
                 (select id from logged), ${unitCost}
          from moved
        ), synced_key as (
          -- The op's id is also its Idempotency-Key: a single call sent with it, then or later, finds it taken.
          insert into idempotency_keys (user_id, key, fingerprint, status_code, response)
          select ${input.syncOp.userId}, ${input.syncOp.opId}, ${`sync:${input.syncOp.fingerprint}`}, 200,
                 jsonb_build_object('movementId', (select id from logged))
          from moved
        )`
            : sql``
        }
        select moved.*, (select id from logged) as movement_id from moved`,
  );
  if (!item) {
    const [current] = await queryRows<
      R & {
        store_is_active: boolean;
        store_locked_through: string | null;
        is_closed: boolean;
        store_requires_job: boolean;
        job_refusal: JobRefusal | null;
        unit_converts: boolean;
        batch_state: BatchState | null;
      }
    >(
      tx,
      sql`select i.*, s.name as store_name, s.is_active as store_is_active, s.locked_through::text as store_locked_through,
                 s.require_job as store_requires_job,
                 ${
                   job?.mustBeOpen
                     ? sql`(select json_build_object('code', j.code, 'isActive', j.is_active) from jobs j
                            where j.id = ${job.jobId}
                              and not (j.is_active and exists (select 1 from job_stores js where js.job_id = j.id and js.store_id = i.store_id)))`
                     : sql`null::json`
                 } as job_refusal,
                 coalesce(s.locked_before > ${occurredAt}, false) as is_closed,
                 ${input.entered ? unitStillConverts(input.entered, sql`i.`) : sql`true`} as unit_converts,
                 ${batchStateOf(sql`i.id`, batch)} as batch_state
          from ${table} i join stores s on s.id = i.store_id
          where i.id = ${input.itemId} and i.deleted_at is null and ${storeFilter(input.storeIds, sql`i.store_id`)}`,
    );
    if (!current) return { isRecorded: false, current };
    const { store_is_active, store_locked_through, is_closed, store_requires_job, job_refusal, unit_converts, batch_state, ...row } =
      current;
    const requiresJob = Boolean(input.namesNoJob) && store_requires_job;
    const isRefusedByStore = !store_is_active || is_closed || requiresJob;
    return {
      isRecorded: false,
      current: row as unknown as R,
      store: isRefusedByStore
        ? { storeName: row.store_name, isActive: store_is_active, lockedThrough: store_locked_through, isClosed: is_closed, requiresJob }
        : undefined,
      job: job_refusal ?? undefined,
      unitsChanged: !unit_converts,
      batch: batch_state,
    };
  }
  const { movement_id, ...row } = item;
  if (input.unitIds) {
    await moveUnits(tx, {
      toolId: input.itemId,
      movementId: movement_id,
      kind: input.kind,
      unitIds: input.unitIds,
      isReversal: Boolean(input.reversesId),
      custodyId: input.custodyId,
      serviceGate: input.serviceGate,
    });
  }
  return { isRecorded: true, item: row as unknown as R, movementId: movement_id };
}

/** Appends one ledger row; used alone only where the counters were written in the same statement as the item (creation). */
export async function appendMovement(
  tx: DbOrTx,
  input: Omit<MovementInput, 'storeIds' | 'batch'> & { storeId: string; batchId?: string },
): Promise<void> {
  const unitCost = input.itemKind === 'material' ? sql`${input.unitCost ?? '0'}::numeric` : sql`null::numeric`;
  await tx.execute(
    sql`insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, actor_id, reason, supplier, delivery_id, idempotency_key,
                               unit_cost, value, batch_id)
        values (${input.storeId}, ${input.itemKind}, ${input.itemId}, ${input.kind}, ${input.quantity},
                ${input.occurredAt ?? sql`now()`}, ${input.actorId}, ${input.reason ?? null}, ${input.supplier ?? null},
                ${input.deliveryId ?? null}, ${input.idempotencyKey ?? null}, ${unitCost}, coalesce(${openingValue(input.quantity, unitCost)}, 0),
                ${input.batchId ?? null}::uuid)`,
  );
}

/** One phone op of a batch for `recordSyncedMovements`, its item's own. */
export type SyncedMovement = {
  itemId: string;
  kind: MovementKind;
  quantity: number;
  reason: string | null;
  unitCost: string | null;
  location?: Location;
  syncOp: SyncOpRecord;
};

/**
 * Records the ops of a phone's batch, each of a different item, in one statement: for each op the
 * same as `recordMovement` with its `syncOp` (the counters moved under the same guards in a store open
 * on the op's time, an issue or damage only where the store does not require a job, the ledger row, the low-stock crossing, the op and its key stored), or nothing
 * for that op. Answers the movement id of each op recorded, by opId; an op left out was refused, and
 * is tried again alone to learn why. A stored opId fails the whole statement (its unique keys).
 * Items are moved in the order of their ids, as any other batch of ops moves them, so two batches
 * at once wait for each other rather than deadlock.
 */
export async function recordSyncedMovements(
  db: DbOrTx,
  batch: { itemKind: ItemKind; storeIds: string[] | null; actorId: string; ops: SyncedMovement[] },
): Promise<Map<string, string>> {
  if (batch.ops.length === 0) return new Map();
  const table = sql.identifier(TABLES[batch.itemKind]);
  const columns = [...new Set(batch.ops.flatMap((op) => Object.keys(MOVEMENT_EFFECTS[op.kind])))];
  const deltaName = (column: string) => sql.identifier(`d_${column}`);
  const ops = [...batch.ops].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
  const values = sql.join(
    ops.map(
      (op) =>
        sql`(${op.itemId}::uuid, ${op.kind}::text, ${op.quantity}::numeric, ${op.reason}::text, ${op.unitCost}::numeric, ${op.syncOp.opId}::text,
             ${op.syncOp.fingerprint}::text, ${op.syncOp.kind}::text, ${op.syncOp.reason}::text, ${op.syncOp.capturedAt}::timestamptz,
             ${locationValues(op.location)},
             ${sql.join(
               columns.map(
                 (column) =>
                   sql`${(MOVEMENT_EFFECTS[op.kind][column as keyof (typeof MOVEMENT_EFFECTS)[MovementKind]] ?? 0) * op.quantity}::numeric`,
               ),
               sql`, `,
             )})`,
    ),
    sql`, `,
  );
  const isMaterial = batch.itemKind === 'material';
  const movedValue = movementValue(sql`i.`, sql`op.${deltaName('available_quantity')}::numeric`, sql`op.unit_cost`);
  const assignments = sql.join(
    [
      ...columns.map((column) => sql`${sql.identifier(column)} = i.${sql.identifier(column)} + op.${deltaName(column)}`),
      ...(isMaterial
        ? [sql`change_version = i.change_version + 1`, ...valueAssignments(sql`i.`, sql`op.${deltaName('available_quantity')}`, movedValue)]
        : []),
    ],
    sql`, `,
  );
  const delta = (column: string) => (columns.includes(column) ? sql`op.${deltaName(column)}` : sql`0`);
  const guards = sql.join(
    [
      fitsItem(batch.itemKind, sql`op.quantity`, sql`i.`),
      // A material kept by batch takes its ops one at a time, each naming its batches.
      ...(batch.itemKind === 'material' ? [sql`not i.tracks_expiry`] : []),
      ...columns
        .filter((column) => column !== 'adjusted_quantity')
        .map((column) => sql`i.${sql.identifier(column)} + op.${deltaName(column)} >= 0`),
      sql`i.consumed_quantity + ${delta('consumed_quantity')} >= i.custody_quantity + ${delta('custody_quantity')}`,
    ],
    sql` and `,
  );
  const columnList = sql.join(
    columns.map((column) => deltaName(column)),
    sql`, `,
  );
  const rows = await queryRows<{ op_id: string; movement_id: string }>(
    db,
    sql`with op (item_id, kind, quantity, reason, unit_cost, op_id, fingerprint, op_kind, op_reason, captured_at, lat, lon, accuracy_m,
                 ${columnList}) as (
          values ${values}
        ), open_store as (
          select s.id, s.locked_before, s.require_job from stores s
          where s.id in (select i.store_id from ${table} i join op on op.item_id = i.id) and s.is_active
          for key share
        ), moved as (
          update ${table} i set ${assignments}
          from op
          where i.id = op.item_id and i.deleted_at is null and ${storeFilter(batch.storeIds, sql`i.store_id`)} and ${guards}${
            isMaterial ? sql`` : sql` and i.tracking = 'count'`
          }
            and exists (select 1 from open_store os where os.id = i.store_id and (os.locked_before is null or os.locked_before <= op.captured_at)
                        ${isMaterial ? sql`and not (os.require_job and op.kind in ('issue', 'damage'))` : sql``})
          returning i.*, (select s.name from stores s where s.id = i.store_id) as store_name,
                    op.kind as op_ledger_kind, op.quantity as op_quantity, op.reason as op_ledger_reason, op.unit_cost as op_unit_cost,
                    op.op_id, op.fingerprint, op.op_kind, op.op_reason, op.captured_at, op.lat as op_lat, op.lon as op_lon,
                    op.accuracy_m as op_accuracy_m
        ), logged as (
          insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, actor_id, reason, idempotency_key, value, unit_cost)
          select store_id, ${batch.itemKind}, id, op_ledger_kind, op_quantity, captured_at, ${batch.actorId}, op_ledger_reason, op_id,
                 ${isMaterial ? sql`last_movement_value` : sql`0`},
                 ${isMaterial ? lineUnitCost(sql`op_unit_cost`, sql`last_movement_value`, sql`op_quantity`) : sql`null`}
          from moved
          returning id, idempotency_key, occurred_at
        )${batch.itemKind === 'material' ? lowStockCrossing : sql``}${
          batch.ops.some((op) => op.location)
            ? sql`, located as (${locationInsert(
                sql`select logged.id, moved.store_id, logged.occurred_at, moved.op_lat, moved.op_lon, moved.op_accuracy_m
                    from moved join logged on logged.idempotency_key = moved.op_id where moved.op_lat is not null`,
              )})`
            : sql``
        }, synced as (
          insert into sync_ops (user_id, op_id, fingerprint, store_id, kind, item_kind, item_id, quantity, reason, captured_at, state,
                                movement_id, unit_cost)
          select ${batch.actorId}, moved.op_id::uuid, moved.fingerprint, moved.store_id, moved.op_kind, ${batch.itemKind}, moved.id,
                 moved.op_quantity, moved.op_reason, moved.captured_at, 'applied', logged.id, moved.op_unit_cost
          from moved join logged on logged.idempotency_key = moved.op_id
        ), synced_key as (
          insert into idempotency_keys (user_id, key, fingerprint, status_code, response)
          select ${batch.actorId}, moved.op_id, 'sync:' || moved.fingerprint, 200, jsonb_build_object('movementId', logged.id)
          from moved join logged on logged.idempotency_key = moved.op_id
        )
        select logged.idempotency_key as op_id, logged.id as movement_id from logged`,
  );
  return new Map(rows.map((row) => [row.op_id, row.movement_id]));
}
