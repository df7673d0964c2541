import type {
  BatchListResponse,
  MaterialCreateRequest,
  MaterialSettingsRequest,
  MaterialUnitsRequest,
  MaterialUpdateRequest,
  MessageResponse,
  Product,
  ProductMovementResponse,
} from '@stockyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { pagedQuery, suggestionsQuery } from '../../../lib/paging';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useStockMutation } from '../../../lib/stock-mutation';

export const materialKeys = { all: [...STOCK_QUERIES, 'materials'] as const };

const materialList = { key: materialKeys.all, path: '/api/products' };

export const materialPageQuery = (q: string, page: number, storeId?: string) =>
  pagedQuery<Product>(materialList, { q, page, extra: { storeId } });
export const materialSuggestionsQuery = (q: string) => suggestionsQuery<Product>(materialList, q);
/** The keeper's pickers search their materials by name (/api/user/get-product). */
export const materialPickerQuery = (search: string) =>
  pagedQuery<Product>({ key: materialKeys.all, path: '/api/user/get-product' }, { q: search, page: 1 });

export function useMaterialPage(q: string, page: number, storeId?: string) {
  return useQuery(materialPageQuery(q, page, storeId));
}

export function useMaterialSuggestions(q: string) {
  return useQuery(materialSuggestionsQuery(q));
}

export function createMaterial(input: MaterialCreateRequest & { idempotencyKey: string }) {
  const { idempotencyKey, ...body } = input;
  return apiFetch<ProductMovementResponse>('/api/user/add-product', { method: 'POST', body, idempotencyKey });
}

export function useCreateMaterial() {
  return useStockMutation(createMaterial);
}

export function useUpdateMaterial() {
  return useStockMutation(({ id, ...input }: MaterialUpdateRequest & { id: string }) =>
    apiFetch<ProductMovementResponse>(`/api/products/update-product/${id}`, { method: 'PUT', body: input }),
  );
}

/** An admin's change of how a material is measured (its decimals). */
export function useChangeMaterialSettings() {
  return useStockMutation(({ id, ...input }: MaterialSettingsRequest & { id: string }) =>
    apiFetch<ProductMovementResponse>(`/api/materials/${id}`, { method: 'PATCH', body: input }),
  );
}

/** An admin's list of the other units a material is counted in, replacing the one kept. */
export function useSetMaterialUnits() {
  return useStockMutation(({ id, ...input }: MaterialUnitsRequest & { id: string }) =>
    apiFetch<ProductMovementResponse>(`/api/materials/${id}/units`, { method: 'PUT', body: input }),
  );
}

export function useDeleteMaterial() {
  return useStockMutation((id: string) => apiFetch<MessageResponse>(`/api/products/delete-product/${id}`, { method: 'DELETE' }));
}

export function useSetRemarks() {
  return useStockMutation(({ id, remarks }: { id: string; remarks: string }) =>
    apiFetch<ProductMovementResponse>(`/api/products/update-remarks/${id}`, { method: 'PUT', body: { remarks } }),
  );
}

/** A material's batches in stock, the soonest expiry first (only for one kept by batch). */
export function useMaterialBatches(product: Pick<Product, '_id' | 'tracksExpiry'> | null) {
  const id = product?.tracksExpiry ? product._id : null;
  return useQuery({
    queryKey: [...materialKeys.all, 'batches', id],
    queryFn: () => apiFetch<BatchListResponse>(`/api/materials/${id}/batches`),
    enabled: id !== null,
  });
}
