import type { CostCode, Job } from '@stockyard/contract';
import { seesCosts } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { moneyText } from '../../lib/money';
import type { CostCodeRow, JobRow } from './jobs.repository';

/** A job as its reader may see it: its budget only for those who see costs. */
export function presentJob(row: JobRow, reader: Pick<AuthContext, 'role'>): Job {
  const job: Job = {
    _id: row.id,
    code: row.code,
    name: row.name,
    isActive: row.is_active,
    stores: row.stores.map((store) => ({ _id: store.id, name: store.name })),
    createdAt: new Date(row.created_at).toISOString(),
  };
  return seesCosts(reader) ? { ...job, budget: row.budget === null ? null : moneyText(row.budget) } : job;
}

export function presentCostCode(row: CostCodeRow): CostCode {
  return { _id: row.id, code: row.code, name: row.name };
}
