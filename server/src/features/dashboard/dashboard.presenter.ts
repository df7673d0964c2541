import type { DashboardResponse } from '@stockyard/contract';
import type { DamageRow, JobValueRow, MaterialRow, StoreValueRow, TopConsumedRow, WeekRow } from './dashboard.repository';

export function presentDashboard(input: {
  since: string;
  top: TopConsumedRow[];
  weekly: { material: MaterialRow; weeks: WeekRow[] } | null;
  damage: DamageRow[];
  signInBursts: DashboardResponse['signInBursts'];
  geofenceExceptions: number;
  money?: { stockValues: StoreValueRow[]; jobs: JobValueRow[] };
}): DashboardResponse {
  return {
    since: input.since,
    topConsumed: input.top.map((row) => ({
      materialId: row.material_id,
      name: row.name,
      unit: row.unit,
      storeName: row.store_name,
      quantity: row.quantity,
    })),
    weekly: input.weekly && {
      materialId: input.weekly.material.id,
      name: input.weekly.material.name,
      unit: input.weekly.material.unit,
      weeks: input.weekly.weeks.map((week) => ({ weekStart: week.week_start, quantity: week.quantity })),
    },
    damageShare: input.damage.map((row) => ({
      storeId: row.store_id,
      storeName: row.store_name,
      issued: row.issued,
      damaged: row.damaged,
      share: row.issued > 0 ? row.damaged / row.issued : null,
    })),
    signInBursts: input.signInBursts,
    geofenceExceptions: input.geofenceExceptions,
    ...(input.money && {
      stockValue: input.money.stockValues.map((row) => ({ storeId: row.store_id, storeName: row.store_name, value: row.value })),
      jobs: input.money.jobs.map((row) => ({
        jobId: row.job_id,
        code: row.code,
        name: row.name,
        monthValue: row.month_value,
        totalValue: row.total_value,
        budget: row.budget,
      })),
    }),
  };
}
