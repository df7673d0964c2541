import type { AuditListResponse } from '@stockyard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { PAGE_SIZE } from '../../../lib/paging';

export const auditKeys = { all: ['audit'] as const };

export type AuditFilters = { entityType: string | null; action: string | null; from: string; to: string };

/** One page of audit events matching the filters, newest first. */
export const auditEventsQuery = (filters: AuditFilters, page: number) => {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String((page - 1) * PAGE_SIZE) });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return queryOptions({
    queryKey: [...auditKeys.all, params.toString()],
    queryFn: async () => {
      const { events, total } = await apiFetch<AuditListResponse>(`/api/audit?${params}`);
      return { rows: events, total };
    },
    placeholderData: keepPreviousData,
  });
};

export function useAuditEvents(filters: AuditFilters, page: number) {
  return useQuery(auditEventsQuery(filters, page));
}
