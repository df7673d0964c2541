import type { ValuationRow } from '@stockyard/contract';
import Big from 'big.js';
import { unitCostText } from '../../lib/money';
import type { ValuationRowRecord } from './valuation.repository';

export function presentValuationRow(row: ValuationRowRecord): ValuationRow {
  return {
    storeId: row.store_id,
    storeName: row.store_name,
    materialId: row.material_id,
    name: row.name,
    unit: row.unit,
    quantity: row.quantity,
    averageCost: row.quantity > 0 ? unitCostText(averageOf(row)) : null,
    value: row.value,
    isUnvalued: row.quantity > 0 && new Big(row.value).eq(0),
  };
}

function averageOf(row: ValuationRowRecord) {
  return new Big(row.value).div(row.quantity);
}
