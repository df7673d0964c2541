import type { Attachment, InventoryEntry, Supply } from '@stockyard/contract';
import type { deliveries } from '../../db/schema';
import type { RowOf } from '../../db/sql';
import { quantityOf } from '../../lib/quantities';

export type DeliveryRow = Pick<
  RowOf<typeof deliveries>,
  'id' | 'material_id' | 'quantity' | 'supplier' | 'supplier_id' | 'store_id' | 'batch' | 'expires_on'
> & {
  /** Read as text (`date_received::text`): a calendar day, never shifted by a time zone. */
  date_received: string;
  material_name: string | null;
  store_name: string;
  /** The files on its ledger lines, when they were read. */
  attachments?: Attachment[] | null;
};

/** A delivery as both screens show it, its day under a neutral name. */
export type DeliveryRecord = Omit<InventoryEntry, 'date'> & { day: string };

export function presentDelivery(row: DeliveryRow): DeliveryRecord {
  const record: DeliveryRecord = {
    _id: row.id,
    productId: row.material_name === null ? null : { _id: row.material_id, name: row.material_name },
    quantity: quantityOf(row.quantity),
    supplier: row.supplier,
    day: row.date_received.slice(0, 10),
    storeId: { _id: row.store_id, name: row.store_name },
    supplierId: row.supplier_id,
  };
  if (row.attachments) record.attachments = row.attachments;
  if (row.batch !== null) Object.assign(record, { batch: row.batch, expiresOn: row.expires_on });
  return record;
}

/** A delivery's day is `date` on the admin's inventory entries and `dateReceived` on the keeper's supplies. */
export function asInventoryEntry({ day, ...delivery }: DeliveryRecord): InventoryEntry {
  return { ...delivery, date: day };
}
export function asSupply({ day, ...delivery }: DeliveryRecord): Supply {
  return { ...delivery, dateReceived: day };
}
