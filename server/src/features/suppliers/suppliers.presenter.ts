import { type Supplier, type SupplierPriceLine, withoutTrailingZeros } from '@stockyard/contract';
import { unitCostText } from '../../lib/money';
import type { PriceRow, SupplierRow } from './suppliers.repository';

export function presentSupplier(row: SupplierRow): Supplier {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    leadTimeDays: row.lead_time_days,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function presentPriceLine(row: PriceRow): SupplierPriceLine {
  return {
    materialId: row.material_id,
    name: row.name,
    unit: row.unit,
    store: { _id: row.store_id, name: row.store_name },
    unitCost: unitCostText(row.unit_cost),
    packSize: row.pack_size,
    packUnit: row.pack_unit && row.pack_factor ? { name: row.pack_unit, factor: withoutTrailingZeros(row.pack_factor) } : null,
  };
}
