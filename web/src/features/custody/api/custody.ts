import type {
  CheckoutRequest,
  CustodyListResponse,
  CustodyResponse,
  CustodyReturnRequest,
  Tool,
  WorkerCreateRequest,
  WorkerListResponse,
  WorkerResponse,
  WorkerUpdateRequest,
} from '@stockyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchPage, searchOf } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useStockMutation } from '../../../lib/stock-mutation';

// Workers and custody change with stock (a check-out moves a tool), so they live under STOCK_QUERIES.
export const custodyKeys = {
  workers: [...STOCK_QUERIES, 'workers'] as const,
  custody: [...STOCK_QUERIES, 'custody'] as const,
};

export type CustodyFilter = { status?: 'open' | 'overdue' | 'closed'; storeId?: string; workerId?: string };

export function useWorkers(filter: { storeId?: string; includeInactive?: boolean } = {}) {
  const search = searchOf({ storeId: filter.storeId, includeInactive: filter.includeInactive ? 'true' : undefined, limit: 500 });
  return useQuery(
    queryOptions({
      queryKey: [...custodyKeys.workers, search],
      queryFn: () => apiFetch<WorkerListResponse>(`/api/workers?${search}`),
    }),
  );
}

export function useWorker(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...custodyKeys.workers, 'one', id],
      queryFn: async () => (await apiFetch<WorkerResponse>(`/api/workers/${id}`)).worker,
    }),
  );
}

export function useCustody(filter: CustodyFilter) {
  const search = searchOf({ ...filter, limit: 500 });
  return useQuery(
    queryOptions({
      queryKey: [...custodyKeys.custody, search],
      queryFn: () => apiFetch<CustodyListResponse>(`/api/custody?${search}`),
    }),
  );
}

/** How many custody records are overdue in the caller's stores (the list's total, one row fetched). */
export function useOverdueCount() {
  return useQuery(
    queryOptions({
      queryKey: [...custodyKeys.custody, 'overdue-count'],
      queryFn: async () => (await apiFetchPage('/api/custody?status=overdue&limit=1', (data: CustodyListResponse) => data.custody)).total,
    }),
  );
}

export function useCreateWorker() {
  return useStockMutation((input: WorkerCreateRequest & { key: string }) => {
    const { key, ...body } = input;
    return apiFetch<WorkerResponse>('/api/workers', { method: 'POST', body, idempotencyKey: key });
  });
}

export function useUpdateWorker() {
  return useStockMutation(({ id, ...body }: WorkerUpdateRequest & { id: string }) =>
    apiFetch<WorkerResponse>(`/api/workers/${id}`, { method: 'PUT', body }),
  );
}

export function checkOutTool(input: { toolId: string; body: CheckoutRequest; idempotencyKey: string }) {
  return apiFetch<CustodyResponse & { tool: Tool }>(`/api/tools/${input.toolId}/checkout`, {
    method: 'POST',
    body: input.body,
    idempotencyKey: input.idempotencyKey,
  });
}

export function useCheckIn() {
  return useStockMutation((input: { id: string; body: CustodyReturnRequest; key: string }) =>
    apiFetch<CustodyResponse>(`/api/custody/${input.id}/return`, { method: 'POST', body: input.body, idempotencyKey: input.key }),
  );
}

export function useChangeDue() {
  return useStockMutation((input: { id: string; dueAt: string }) =>
    apiFetch<CustodyResponse>(`/api/custody/${input.id}`, { method: 'PATCH', body: { dueAt: input.dueAt } }),
  );
}
