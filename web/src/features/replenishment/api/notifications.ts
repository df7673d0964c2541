import type { NotificationListResponse } from '@stockyard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';

// A movement can notify, so notifications refresh with stock; the bell also asks once a minute.
export const notificationKeys = { all: [...STOCK_QUERIES, 'notifications'] as const };

export function useNotifications() {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.all,
      queryFn: () => apiFetch<NotificationListResponse>('/api/notifications'),
      refetchInterval: 60_000,
    }),
  );
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      apiFetch<{ message: string }>(id ? `/api/notifications/${id}/read` : '/api/notifications/read-all', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
