import type { Worker } from '@stockyard/contract';
import type { WorkerRow } from './workers.repository';

export function presentWorker(row: WorkerRow): Worker {
  return {
    _id: row.id,
    name: row.name,
    trade: row.trade,
    phone: row.phone,
    active: row.is_active,
    store: { _id: row.store_id, name: row.store_name },
    holding: row.holding,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
