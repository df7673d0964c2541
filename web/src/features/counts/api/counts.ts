import type { Count, CountCreateRequest, CountLine, CountListResponse, CountPostRequest, CountResponse } from '@stockyard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useStockMutation } from '../../../lib/stock-mutation';

export const countKeys = {
  all: [...STOCK_QUERIES, 'counts'] as const,
  one: (id: string) => [...countKeys.all, id] as const,
};

export function useCounts() {
  return useQuery(
    queryOptions({
      queryKey: countKeys.all,
      queryFn: () => apiFetch<CountListResponse>('/api/counts?limit=100'),
    }),
  );
}

export function useCount(id: string) {
  return useQuery(
    queryOptions({
      queryKey: countKeys.one(id),
      queryFn: async () => (await apiFetch<CountResponse>(`/api/counts/${id}`)).count,
    }),
  );
}

export function useStartCount() {
  return useStockMutation((input: CountCreateRequest & { key: string }) => {
    const { key, ...body } = input;
    return apiFetch<CountResponse>('/api/counts', { method: 'POST', body, idempotencyKey: key });
  });
}

/**
 * Enters one counted quantity. Nothing moves in stock, so only this line of the cached count is
 * replaced with the server's answer: a phone counting hundreds of items does not fetch the whole
 * count again after each one.
 */
export function useEnterCount(countId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      itemId,
      ...body
    }: {
      itemId: string;
      counted: number;
      attachments?: string[];
      batches?: { batch: string; counted: number; expiresOn?: string }[];
    }) => apiFetch<{ message: string; line: CountLine }>(`/api/counts/${countId}/lines/${itemId}`, { method: 'PUT', body }),
    onSuccess: ({ line }) => {
      queryClient.setQueryData<Count>(countKeys.one(countId), (count) => {
        if (!count) return count;
        const wasCounted = count.lines.some((old) => old.itemId === line.itemId && old.counted !== null);
        return {
          ...count,
          countedCount: count.countedCount + (wasCounted ? 0 : 1),
          lines: count.lines.map((old) => (old.itemId === line.itemId ? line : old)),
        };
      });
    },
  });
}

export function useCountAction(countId: string, action: 'submit' | 'cancel') {
  return useStockMutation(() => apiFetch<CountResponse>(`/api/counts/${countId}/${action}`, { method: 'POST' }));
}

export function usePostCount(countId: string) {
  return useStockMutation((input: CountPostRequest & { key: string }) =>
    apiFetch<CountResponse>(`/api/counts/${countId}/post`, { method: 'POST', body: { reasons: input.reasons }, idempotencyKey: input.key }),
  );
}

export type { Count };
