import type { MaterialCreateRequest, MaterialUpdateRequest, MessageResponse, Product, ProductMovementResponse } from '@stockyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useNameSuggestions, usePagedList } from '../../../lib/paging';

export const materialKeys = { all: ['materials'] as const };

export function useMaterialPage(q: string, page: number, storeId?: string) {
  return usePagedList<Product>({ key: materialKeys.all, path: '/api/products', q, page, extra: { storeId } });
}

export function useMaterialSuggestions(q: string) {
  return useNameSuggestions<Product[]>({ key: materialKeys.all, path: '/api/products', q, namesOf: (rows) => rows.map((row) => row.name) });
}

function useMaterialMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Stock moved: every list that shows it (materials, history, reports) is fetched again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useCreateMaterial() {
  return useMaterialMutation((input: MaterialCreateRequest) =>
    apiFetch<ProductMovementResponse>('/api/user/add-product', { method: 'POST', body: input, idempotencyKey: newIdempotencyKey() }),
  );
}

export function useUpdateMaterial() {
  return useMaterialMutation(({ id, ...input }: MaterialUpdateRequest & { id: string }) =>
    apiFetch<ProductMovementResponse>(`/api/products/update-product/${id}`, { method: 'PUT', body: input }),
  );
}

export function useDeleteMaterial() {
  return useMaterialMutation((id: string) => apiFetch<MessageResponse>(`/api/products/delete-product/${id}`, { method: 'DELETE' }));
}

export function useSetRemarks() {
  return useMaterialMutation(({ id, remarks }: { id: string; remarks: string }) =>
    apiFetch<ProductMovementResponse>(`/api/products/update-remarks/${id}`, { method: 'PUT', body: { remarks } }),
  );
}

export type MaterialMovement = 'issue' | 'damage' | 'return' | 'purchase' | 'transfer';

/** Each keeper movement's call and body, as SPEC.md section 7 names them. */
function movementRequest(kind: MaterialMovement, product: Product, quantity: number): [string, object] {
  switch (kind) {
    case 'issue':
      return ['/api/user/consume-stock', { productId: product._id, quantity }];
    case 'damage':
      return ['/api/user/add-damaged-stock', { productId: product._id, damagedQuantity: quantity }];
    case 'return':
      return ['/api/user/refund-stock', { productId: product._id, refundQuantity: quantity }];
    case 'purchase':
      return ['/api/user/add-restock-product', { name: product.name, quantity, storeId: product.storeId._id }];
    case 'transfer':
      return ['/api/user/transfer-stock', { name: product.name, quantity, storeId: product.storeId._id }];
  }
}

export function useMoveMaterial(kind: MaterialMovement) {
  return useMaterialMutation(({ product, quantity, idempotencyKey }: { product: Product; quantity: number; idempotencyKey: string }) => {
    const [path, body] = movementRequest(kind, product, quantity);
    return apiFetch<ProductMovementResponse>(path, { method: 'POST', body, idempotencyKey });
  });
}
