import type {
  SupplierCreateRequest,
  SupplierListResponse,
  SupplierPricesRequest,
  SupplierPricesResponse,
  SupplierPricesSavedResponse,
  SupplierResponse,
} from '@stockyard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, searchOf } from '../../../lib/api';

const supplierKeys = { all: ['suppliers'] as const };

/** Suppliers whose name holds the search, by name (the first 100). */
export function useSuppliers(q: string) {
  return useQuery({
    queryKey: [...supplierKeys.all, 'list', q.trim()],
    queryFn: () => apiFetch<SupplierListResponse>(`/api/suppliers?${searchOf({ q: q.trim() || undefined, limit: '100' })}`),
    placeholderData: keepPreviousData,
  });
}

/** A supplier's price list. */
export function useSupplierPrices(id: string | null) {
  return useQuery({
    queryKey: [...supplierKeys.all, 'prices', id],
    queryFn: () => apiFetch<SupplierPricesResponse>(`/api/suppliers/${id}/prices`),
    enabled: id !== null,
  });
}

function useSupplierMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }) });
}

/** Creates a supplier, once however often it is sent (its idempotency key). */
export function useCreateSupplier() {
  return useSupplierMutation(({ idempotencyKey, ...body }: SupplierCreateRequest & { idempotencyKey: string }) =>
    apiFetch<SupplierResponse>('/api/suppliers', { method: 'POST', body, idempotencyKey }),
  );
}

/** Replaces a supplier's whole price list. */
export function useSetSupplierPrices() {
  return useSupplierMutation(({ id, idempotencyKey, ...body }: SupplierPricesRequest & { id: string; idempotencyKey: string }) =>
    apiFetch<SupplierPricesSavedResponse>(`/api/suppliers/${id}/prices`, { method: 'PUT', body, idempotencyKey }),
  );
}
