import type { MessageResponse, Store, StoreCreateRequest, StoreUpdateRequest } from '@stockyard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

export const storeKeys = { all: ['stores'] as const };

export function fetchStores(): Promise<Store[]> {
  return apiFetch<Store[]>('/api/stores');
}

export const storesQuery = queryOptions({ queryKey: storeKeys.all, queryFn: fetchStores });

export function useStores() {
  return useQuery(storesQuery);
}

export function useCreateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreCreateRequest) => apiFetch<MessageResponse & { store: Store }>('/api/stores', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}

export function useUpdateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: StoreUpdateRequest & { id: string }) =>
      apiFetch<MessageResponse & { store: Store }>(`/api/stores/update/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}

export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<MessageResponse>(`/api/stores/delete/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}
