import type { Tool } from '@stockyard/contract';
import type { ItemRow } from '../movements/movements.service';

export type ToolRow = ItemRow;

export function presentTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    totalQuantity: row.total_quantity,
    availableQuantity: row.available_quantity,
    consumedQuantity: row.consumed_quantity,
    damagedQuantity: row.damaged_quantity,
    lostQuantity: row.lost_quantity,
    inCustodyQuantity: row.custody_quantity,
    inServiceQuantity: row.in_service_quantity,
    tracking: row.tracking === 'serial' ? 'serial' : 'count',
    requiresQualification: row.requires_qualification ?? null,
    refundQuantity: row.refund_quantity,
    storeId: { _id: row.store_id, name: row.store_name },
    code: row.code,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
