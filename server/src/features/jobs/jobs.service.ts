import {
  COST_CODE_REQUIRED,
  COST_CODE_SAVED,
  type CostCodeCreateRequestSchema,
  costCodeTaken,
  costCodeUnknown,
  JOB_NOT_FOUND,
  JOB_REQUIRED,
  JOB_SAVED,
  JOB_STORES_REQUIRED,
  type Job,
  type JobCostQuerySchema,
  type JobCostResponse,
  type JobCreateRequestSchema,
  type JobListQuerySchema,
  type JobUpdateRequestSchema,
  jobClosed,
  jobCodeTaken,
  jobNotOfStore,
  jobUnknown,
  returnBeyondJob,
} from '@stockyard/contract';
import Big from 'big.js';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { moneyText } from '../../lib/money';
import { runTransaction } from '../../lib/transaction';
import { recordAudit } from '../audit/audit.service';
import { type JobCharge, lockItem } from '../movements/movements.service';
import { presentCostCode, presentJob } from './jobs.presenter';
import {
  countStores,
  findCostCodeRows,
  findHeldByJob,
  findItemStore,
  findJobCost,
  findJobRows,
  insertCostCode,
  insertJob,
  jobDrawsFrom,
  setJobStores,
  updateJobRow,
} from './jobs.repository';

/** The jobs the caller may see (a keeper: those drawing from their stores), by code. */
export async function listJobs(db: DbOrTx, auth: AuthContext, query: z.output<typeof JobListQuerySchema>): Promise<Job[]> {
  assertStoreVisible(auth, query.storeId);
  const isActive = query.active === undefined ? undefined : query.active === 'true';
  const rows = await findJobRows(db, { storeIds: storeScopeOf(auth), storeId: query.storeId, isActive });
  return rows.map((row) => presentJob(row, auth));
}

async function mustFindJob(db: DbOrTx, auth: AuthContext, id: string) {
  const [row] = await findJobRows(db, { storeIds: storeScopeOf(auth), ids: [id] });
  if (!row) throw new AppError('not_found', JOB_NOT_FOUND);
  return row;
}

async function assertStoresExist(tx: Tx, storeIds: string[]) {
  if ((await countStores(tx, storeIds)) !== new Set(storeIds).size) throw new AppError('bad_request', JOB_STORES_REQUIRED);
}

function codeTaken(error: unknown, code: string): never {
  if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', jobCodeTaken(code));
  throw error;
}

/** Creates a job drawing from the stores named, idempotently. */
export function createJob(db: Db, auth: AuthContext, input: z.output<typeof JobCreateRequestSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    await assertStoresExist(tx, input.storeIds);
    const id = await insertJob(tx, { code: input.code, name: input.name, budget: input.budget ?? null }).catch((error) =>
      codeTaken(error, input.code),
    );
    await setJobStores(tx, id, input.storeIds);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'create',
      entityType: 'job',
      entityId: id,
      entityName: input.code,
      details: input,
    });
    return { status: 201 as const, body: { message: JOB_SAVED, job: presentJob(await mustFindJob(tx, auth, id), auth) } };
  });
}

/** Changes a job's fields, stores, or state (closed or open again). */
export function updateJob(db: Db, auth: AuthContext, id: string, input: z.output<typeof JobUpdateRequestSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    if (input.storeIds) await assertStoresExist(tx, input.storeIds);
    const { storeIds, ...fields } = input;
    const found = await updateJobRow(tx, id, fields).catch((error) => codeTaken(error, input.code ?? ''));
    if (!found) throw new AppError('not_found', JOB_NOT_FOUND);
    if (storeIds) await setJobStores(tx, id, storeIds);
    const job = await mustFindJob(tx, auth, id);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'job',
      entityId: id,
      entityName: job.code,
      details: input,
    });
    return { status: 200 as const, body: { message: JOB_SAVED, job: presentJob(job, auth) } };
  });
}

export async function listCostCodes(db: DbOrTx) {
  return (await findCostCodeRows(db)).map(presentCostCode);
}

export function createCostCode(db: Db, auth: AuthContext, input: z.output<typeof CostCodeCreateRequestSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const row = await insertCostCode(tx, input).catch((error) => {
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', costCodeTaken(input.code));
      throw error;
    });
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'create',
      entityType: 'cost_code',
      entityId: row.id,
      entityName: row.code,
      details: input,
    });
    return { status: 201 as const, body: { message: COST_CODE_SAVED, costCode: presentCostCode(row) } };
  });
}

/**
 * The job and cost code a material movement names, checked: a cost code comes with a job; an issue or
 * damage naming a job in a store that requires jobs names a cost code too; a job must exist, draw from
 * the item's store and be open; a cost code must exist. Undefined when no job is named: the movement's
 * statement refuses that where the store requires one, with no read before it.
 */
export async function jobChargeOf(
  db: DbOrTx,
  input: { itemId: string; kind: 'issue' | 'damage' | 'return'; jobId?: string; costCode?: string },
): Promise<JobCharge | undefined> {
  if (!input.jobId) {
    if (input.costCode) throw new AppError('bad_request', JOB_REQUIRED);
    return undefined;
  }
  const store = await findItemStore(db, input.itemId);
  if (!store) return undefined;
  if (input.kind !== 'return' && store.require_job && !input.costCode) throw new AppError('bad_request', COST_CODE_REQUIRED);
  const [job] = await findJobRows(db, { storeIds: null, ids: [input.jobId] });
  if (!job) throw new AppError('bad_request', jobUnknown(input.jobId));
  if (!(await jobDrawsFrom(db, job.id, store.store_id))) throw new AppError('bad_request', jobNotOfStore(job.code, store.store_name));
  if (!job.is_active) throw new AppError('conflict', jobClosed(job.code));
  let costCodeId: string | null = null;
  if (input.costCode) {
    const [code] = await findCostCodeRows(db, input.costCode);
    if (!code) throw new AppError('bad_request', costCodeUnknown(input.costCode));
    costCodeId = code.id;
  }
  return { jobId: job.id, costCodeId, mustBeOpen: true };
}

/**
 * Refuses a return to a job beyond what the job holds of the item. The caller holds the item's row
 * lock, so what the job holds cannot change before its movement is recorded.
 */
export async function assertJobHolds(tx: Tx, charge: JobCharge, itemId: string, quantity: number): Promise<void> {
  const held = await findHeldByJob(tx, charge.jobId, itemId);
  if (held >= quantity) return;
  const [job] = await findJobRows(tx, { storeIds: null, ids: [charge.jobId] });
  throw new AppError('conflict', returnBeyondJob(job?.code ?? '', held));
}

/**
 * Records a material movement through `record`: a return to a job first locks the item's row (in a
 * transaction of its own unless given one), so what the job holds is read and kept at once.
 */
export async function recordWithJob<T>(
  db: Db | Tx,
  movement: { kind: string; itemId: string; quantity: number; job?: JobCharge },
  record: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  const { job } = movement;
  if (!job || movement.kind !== 'return') return record(db);
  const heldThenRecorded = async (tx: Tx) => {
    await lockItem(tx, 'material', movement.itemId);
    await assertJobHolds(tx, job, movement.itemId, movement.quantity);
    return record(tx);
  };
  return 'rollback' in db ? heldThenRecorded(db) : runTransaction(db, heldThenRecorded);
}

/**
 * What a job cost over a range of days, grouped: every line a sum of the job's ledger values (issues
 * and damage charge it, returns and reversals credit it), the total their sum, and how much of the
 * budget that is.
 */
export async function jobCost(
  db: DbOrTx,
  auth: AuthContext,
  id: string,
  query: z.output<typeof JobCostQuerySchema>,
  settings: { timeZone: string; currency: string },
): Promise<JobCostResponse> {
  // A keeper finds only the jobs that draw from their stores.
  const job = await findJobCost(db, {
    jobId: id,
    storeIds: storeScopeOf(auth),
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    timeZone: settings.timeZone,
  });
  if (!job) throw new AppError('not_found', JOB_NOT_FOUND);
  const rows = job.lines;
  const total = rows.reduce((sum, row) => sum.plus(row.value), new Big(0));
  const budget = job.budget === null ? null : new Big(job.budget);
  return {
    job: { _id: job.id, code: job.code, name: job.name },
    from: query.from ?? null,
    to: query.to ?? null,
    groupBy: query.groupBy,
    currency: settings.currency,
    lines: rows.map((row) => ({
      key: row.key,
      label: row.label,
      value: moneyText(row.value),
      ...(row.quantity === null ? {} : { quantity: row.quantity, unit: row.unit ?? '' }),
    })),
    total: moneyText(total),
    budget: budget === null ? null : moneyText(budget),
    used: budget === null || budget.eq(0) ? null : Number(total.div(budget).toFixed(4)),
  };
}
