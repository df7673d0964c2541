// The job a phone's op names, checked and kept as an online call's is.
import type { DbOrTx } from '../../db/client';
import { jobChargeOf } from '../jobs/jobs.service';
import type { JobCharge } from '../movements/movements.service';

/** The job a material op charges or credits, checked as an online call's is (an AppError when refused). */
export function jobChargeOfOp(db: DbOrTx, op: { itemId: string; kind: string; jobId?: string | null; costCode?: string | null }) {
  if (op.kind !== 'issue' && op.kind !== 'damage' && op.kind !== 'return') return Promise.resolve(undefined);
  return jobChargeOf(db, { itemId: op.itemId, kind: op.kind, jobId: op.jobId ?? undefined, costCode: op.costCode ?? undefined });
}

/** Whether an op is an issue or damage naming no job: the ledger statement refuses it where its store requires one. */
export function namesNoJob(op: { kind: string }, job: JobCharge | undefined): boolean {
  return !job && (op.kind === 'issue' || op.kind === 'damage');
}
