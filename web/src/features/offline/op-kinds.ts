import type { ParkedMovement } from '@stockyard/contract';
import { i18n } from '../../i18n/i18n';

/** The words a keeper uses for each kind of queued movement. */
export const OP_KIND_LABELS: Record<ParkedMovement['kind'], string> = {
  issue: 'Issue',
  damage: 'Damage',
  return: 'Return',
  restock: 'New purchase',
  transfer: 'Transfer from warehouse',
  'tool-issue': 'Tool issue',
  'tool-damage': 'Tool damage',
  'tool-return': 'Tool return',
  'po-receipt': 'Receipt',
};

/** A queued movement's kind in the app's language (`opKinds` in each catalogue; English as above). */
export function opKindLabel(kind: ParkedMovement['kind']): string {
  return i18n.t(`opKinds.${kind}`, { defaultValue: OP_KIND_LABELS[kind] });
}
