import type { ValuationRow } from '@stockyard/contract';
import { unitCostText } from '../../lib/money';
import { quantityOf } from '../../lib/quantities';
import type { ValuationRowRecord } from './valuation.repository';

export function presentValuationRow(row: ValuationRowRecord): ValuationRow {
  return {
    storeId: row.store_id,
    storeName: row.store_name,
    materialId: row.material_id,
    name: row.name,
    unit: row.unit,
    quantity: quantityOf(row.quantity),
    averageCost: row.average_cost === null ? null : unitCostText(row.average_cost),
    value: row.value,
    isUnvalued: row.is_unvalued,
  };
}
