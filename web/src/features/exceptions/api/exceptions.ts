import type { ExceptionsResponse } from '@stockyard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { PAGE_SIZE } from '../../../lib/paging';

export type ExceptionFilters = { storeId: string | null; from: string; to: string };

/** One page of the movements recorded outside their store's geofence, newest first. */
export const exceptionsQuery = (filters: ExceptionFilters, page: number) => {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String((page - 1) * PAGE_SIZE) });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return queryOptions({
    queryKey: ['exceptions', params.toString()],
    queryFn: async () => {
      const { exceptions, total } = await apiFetch<ExceptionsResponse>(`/api/exceptions?${params}`);
      return { rows: exceptions, total };
    },
    placeholderData: keepPreviousData,
  });
};

export function useExceptions(filters: ExceptionFilters, page: number) {
  return useQuery(exceptionsQuery(filters, page));
}
