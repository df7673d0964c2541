import {
  type Geofence,
  type GeofenceResponse,
  LIST_LIMIT_MAX,
  type MessageResponse,
  type Store,
  type StoreCreateRequest,
  type StoreUpdateRequest,
} from '@stockyard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paging';

export const storeKeys = { all: ['stores'] as const, options: () => [...storeKeys.all, 'options'] as const };

/** The stores a select offers: the caller's first LIST_LIMIT_MAX, newest first. */
export const storeOptionsQuery = queryOptions({
  queryKey: storeKeys.options(),
  queryFn: () => apiFetch<Store[]>(`/api/stores?limit=${LIST_LIMIT_MAX}`),
});

export const storesPageQuery = (q: string, page: number) => pagedQuery<Store>({ key: storeKeys.all, path: '/api/stores' }, { q, page });

export function useStoreOptions() {
  return useQuery(storeOptionsQuery);
}

export function useStoresPage(q: string, page: number) {
  return useQuery(storesPageQuery(q, page));
}

function useStoreMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }) });
}

export function useCreateStore() {
  return useStoreMutation((input: StoreCreateRequest) =>
    apiFetch<MessageResponse & { store: Store }>('/api/stores', { method: 'POST', body: input }),
  );
}

export function useUpdateStore() {
  return useStoreMutation(({ id, ...input }: StoreUpdateRequest & { id: string }) =>
    apiFetch<MessageResponse & { store: Store }>(`/api/stores/update/${id}`, { method: 'PUT', body: input }),
  );
}

export function useDeleteStore() {
  return useStoreMutation((id: string) => apiFetch<MessageResponse>(`/api/stores/delete/${id}`, { method: 'DELETE' }));
}

/** Closes a store's books through a day, or with `throughDate` null reopens them (a reason is then required). */
export function useStoreBooks() {
  return useStoreMutation((input: { id: string; throughDate: string } | { id: string; reason: string }) =>
    'throughDate' in input
      ? apiFetch<MessageResponse & { store: Store }>(`/api/stores/${input.id}/lock`, {
          method: 'PUT',
          body: { throughDate: input.throughDate },
        })
      : apiFetch<MessageResponse & { store: Store }>(`/api/stores/${input.id}/lock`, { method: 'DELETE', body: { reason: input.reason } }),
  );
}

/** Sets a store's geofence, or with `geofence` null removes it. */
export function useStoreGeofence() {
  return useStoreMutation(({ id, geofence }: { id: string; geofence: Geofence | null }) =>
    geofence
      ? apiFetch<GeofenceResponse>(`/api/stores/${id}/geofence`, { method: 'PUT', body: geofence })
      : apiFetch<GeofenceResponse>(`/api/stores/${id}/geofence`, { method: 'DELETE' }),
  );
}
