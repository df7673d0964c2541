import type { Custody, Product, Tool, Worker } from '@stockyard/contract';
import { saveLists } from '../features/offline/outbox';

/** Keeps a list on the phone for a keeper, as the app does after fetching it, for a screen to fall back on with no signal. */
export function keepOnPhone(
  name: 'materials' | 'tools' | 'workers' | 'custody',
  userId: string,
  rows: (Product | Tool | Worker | Custody)[],
): Promise<void> {
  return saveLists([{ key: `${name}:${userId}`, rows }]);
}
