import {
  ConsumeMaterialRequestSchema,
  DamageMaterialRequestSchema,
  NamedStockRequestSchema,
  type Product,
  type ProductMovementResponse,
  RefundMaterialRequestSchema,
} from '@stockyard/contract';
import { apiFetch } from '../../../lib/api';
import { movementCall } from '../../../lib/movement-call';
import { useStockMutation } from '../../../lib/stock-mutation';

// Apart from the material queries: the request schemas (and zod) come only with the movement screens.
export type MaterialMovement = 'issue' | 'damage' | 'return' | 'purchase' | 'transfer';

/** Each keeper movement's call, the contract's schema of its body, and the body. */
export const materialMovementCalls = {
  issue: movementCall('/api/user/consume-stock', ConsumeMaterialRequestSchema, (product: Product, quantity) => ({
    productId: product._id,
    quantity,
  })),
  damage: movementCall('/api/user/add-damaged-stock', DamageMaterialRequestSchema, (product: Product, quantity) => ({
    productId: product._id,
    damagedQuantity: quantity,
  })),
  return: movementCall('/api/user/refund-stock', RefundMaterialRequestSchema, (product: Product, quantity) => ({
    productId: product._id,
    refundQuantity: quantity,
  })),
  purchase: movementCall('/api/user/add-restock-product', NamedStockRequestSchema, (product: Product, quantity) => ({
    name: product.name,
    quantity,
    storeId: product.storeId._id,
  })),
  transfer: movementCall('/api/user/transfer-stock', NamedStockRequestSchema, (product: Product, quantity) => ({
    name: product.name,
    quantity,
    storeId: product.storeId._id,
  })),
} satisfies Record<MaterialMovement, unknown>;

export function useMoveMaterial(kind: MaterialMovement) {
  return useStockMutation(({ body, idempotencyKey }: { body: unknown; idempotencyKey: string }) =>
    apiFetch<ProductMovementResponse>(materialMovementCalls[kind].path, { method: 'POST', body, idempotencyKey }),
  );
}
