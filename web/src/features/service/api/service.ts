import type {
  ScanResponse,
  ServiceDueResponse,
  ServicePlan,
  ServicePlanCreateRequest,
  ServiceRecordRequest,
  ToolUnit,
  ToolUnitDetailResponse,
  ToolUnitListResponse,
  UnitCreateRequest,
} from '@stockyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, searchOf } from '../../../lib/api';
import { useStockMutation } from '../../../lib/stock-mutation';

/** Under the stock queries' key: every stock movement reads them again. */
const serviceKeys = { all: ['stock', 'service'] as const };

/** Units due within two weeks (overdue and failed first), in the caller's stores. */
export function useServiceDue() {
  const search = searchOf({ withinDays: 14, limit: 200 });
  return useQuery({
    queryKey: [...serviceKeys.all, 'due', search],
    queryFn: () => apiFetch<ServiceDueResponse>(`/api/service-due?${search}`),
  });
}

export function useUnit(id: string) {
  return useQuery({ queryKey: [...serviceKeys.all, 'unit', id], queryFn: () => apiFetch<ToolUnitDetailResponse>(`/api/tool-units/${id}`) });
}

export function useToolUnits(toolId: string) {
  return useQuery({
    queryKey: [...serviceKeys.all, 'units', toolId],
    queryFn: () => apiFetch<ToolUnitListResponse>(`/api/tools/${toolId}/units`),
  });
}

export function useServicePlans() {
  return useQuery({ queryKey: [...serviceKeys.all, 'plans'], queryFn: () => apiFetch<{ plans: ServicePlan[] }>('/api/service-plans') });
}

type Keyed<T> = T & { idempotencyKey: string };

export function useRecordService() {
  return useStockMutation(({ unitId, idempotencyKey, ...body }: Keyed<ServiceRecordRequest & { unitId: string }>) =>
    apiFetch<{ message: string; unit: ToolUnit }>(`/api/tool-units/${unitId}/services`, { method: 'POST', body, idempotencyKey }),
  );
}

export function useAddUnit() {
  return useStockMutation(({ toolId, idempotencyKey, ...body }: Keyed<UnitCreateRequest & { toolId: string }>) =>
    apiFetch<{ message: string; unit: ToolUnit }>(`/api/tools/${toolId}/units`, { method: 'POST', body, idempotencyKey }),
  );
}

export function useRetireUnit() {
  return useStockMutation(({ unitId, reason, idempotencyKey }: Keyed<{ unitId: string; reason: string }>) =>
    apiFetch<{ message: string; unit: ToolUnit }>(`/api/tool-units/${unitId}`, {
      method: 'PUT',
      body: { retire: { reason } },
      idempotencyKey,
    }),
  );
}

export function useCreatePlan() {
  return useStockMutation(({ idempotencyKey, ...body }: Keyed<ServicePlanCreateRequest>) =>
    apiFetch<{ message: string; plan: ServicePlan }>('/api/service-plans', { method: 'POST', body, idempotencyKey }),
  );
}

export function useAssignPlans() {
  return useStockMutation(({ toolId, planIds, idempotencyKey }: Keyed<{ toolId: string; planIds: string[] }>) =>
    apiFetch<{ message: string }>(`/api/tools/${toolId}/service-plans`, { method: 'PUT', body: { planIds }, idempotencyKey }),
  );
}

export function useRequireQualification() {
  return useStockMutation(
    ({ toolId, requiresQualification, idempotencyKey }: Keyed<{ toolId: string; requiresQualification: string | null }>) =>
      apiFetch<{ message: string }>(`/api/tools/${toolId}`, { method: 'PATCH', body: { requiresQualification }, idempotencyKey }),
  );
}

/** What a scanned label names: a unit's own label answers its unit. */
export function scanCode(code: string) {
  return apiFetch<ScanResponse>(`/api/scan/${encodeURIComponent(code)}`);
}
