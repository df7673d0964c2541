import type { Tool } from '@stockyard/contract';
import { quantityOf } from '../../lib/quantities';
import type { ItemRow } from '../movements/movements.service';

export type ToolRow = ItemRow;

export function presentTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    totalQuantity: quantityOf(row.total_quantity),
    availableQuantity: quantityOf(row.available_quantity),
    consumedQuantity: quantityOf(row.consumed_quantity),
    damagedQuantity: quantityOf(row.damaged_quantity),
    lostQuantity: quantityOf(row.lost_quantity),
    inCustodyQuantity: quantityOf(row.custody_quantity),
    inServiceQuantity: quantityOf(row.in_service_quantity),
    tracking: row.tracking === 'serial' ? 'serial' : 'count',
    requiresQualification: row.requires_qualification ?? null,
    refundQuantity: quantityOf(row.refund_quantity),
    storeId: { _id: row.store_id, name: row.store_name },
    code: row.code,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
