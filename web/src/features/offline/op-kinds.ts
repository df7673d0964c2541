import type { SyncOpKind } from '@stockyard/contract';

/** The words a keeper uses for each kind of queued movement. */
export const OP_KIND_LABELS: Record<SyncOpKind, string> = {
  issue: 'Issue',
  damage: 'Damage',
  return: 'Return',
  restock: 'New purchase',
  transfer: 'Transfer from warehouse',
  'tool-issue': 'Tool issue',
  'tool-damage': 'Tool damage',
  'tool-return': 'Tool return',
};
