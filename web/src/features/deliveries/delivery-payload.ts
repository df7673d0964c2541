import { InventoryEntryRequestSchema, SupplyRequestSchema } from '@stockyard/contract';
import { i18n } from '../../i18n/i18n';
import { parsePayload } from '../../lib/validation';

/** A delivery as its form holds it, before it is checked. */
export type DeliveryDraft = {
  material: { _id: string } | null;
  quantity: number | string;
  supplier: string;
  day: string;
  /** What each unit cost, as typed; empty: the store's average. */
  unitCost?: string;
};

/** "Please fill in all fields!" while any field is empty; else the fields every delivery body shares. */
function sharedFields(draft: DeliveryDraft) {
  if (!draft.material || draft.quantity === '' || !draft.supplier.trim() || !draft.day) return null;
  const unitCost = draft.unitCost?.trim();
  return { productId: draft.material._id, quantity: Number(draft.quantity), supplier: draft.supplier, ...(unitCost ? { unitCost } : {}) };
}

const allFieldsRequired = () => ({ problem: i18n.t('common.fillAllFields') });

/** The body of an admin inventory entry, checked with the contract's schema. */
export function entryPayload(draft: DeliveryDraft) {
  const fields = sharedFields(draft);
  return fields ? parsePayload(InventoryEntryRequestSchema, { ...fields, date: draft.day }) : allFieldsRequired();
}

/** The body of a keeper supply, checked with the contract's schema. */
export function supplyPayload(draft: DeliveryDraft) {
  const fields = sharedFields(draft);
  return fields ? parsePayload(SupplyRequestSchema, { ...fields, dateReceived: draft.day }) : allFieldsRequired();
}
