import type {
  OrderFromLowStockResponse,
  PurchaseOrder,
  PurchaseOrderCreateRequest,
  PurchaseOrderListResponse,
  PurchaseOrderResponse,
  PurchaseOrderStatus,
  PurchaseReceiptListResponse,
  PurchaseReceiptRequest,
  SupplierReturnRequest,
  SupplierReturnResponse,
} from '@stockyard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, searchOf } from '../../../lib/api';
import { PAGE_SIZE } from '../../../lib/paging';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useStockMutation } from '../../../lib/stock-mutation';

// A receipt moves stock, so orders live under STOCK_QUERIES and are read again after any stock change.
const orderKeys = { all: [...STOCK_QUERIES, 'purchase-orders'] as const };

export type OrderFilter = { storeId?: string; supplierId?: string; status?: PurchaseOrderStatus };

/** A page of the caller's stores' orders, the latest first. */
export function usePurchaseOrders(filter: OrderFilter, page: number) {
  const search = searchOf({ ...filter, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return useQuery(
    queryOptions({
      queryKey: [...orderKeys.all, search],
      queryFn: () => apiFetch<PurchaseOrderListResponse>(`/api/purchase-orders?${search}`),
      placeholderData: keepPreviousData,
    }),
  );
}

export function usePurchaseOrder(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...orderKeys.all, 'one', id],
      queryFn: () => apiFetch<PurchaseOrder>(`/api/purchase-orders/${id}`),
    }),
  );
}

/** What has arrived against an order, receipt by receipt, with the photos taken of it. */
export function usePurchaseReceipts(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...orderKeys.all, 'receipts', id],
      queryFn: () => apiFetch<PurchaseReceiptListResponse>(`/api/purchase-orders/${id}/receipts`),
    }),
  );
}

/** A supplier's latest orders (200 at most), to invoice what arrived against them. */
export function useOrdersOfSupplier(supplierId: string | null) {
  const search = searchOf({ supplierId: supplierId ?? undefined, limit: 200 });
  return useQuery(
    queryOptions({
      queryKey: [...orderKeys.all, search],
      queryFn: () => apiFetch<PurchaseOrderListResponse>(`/api/purchase-orders?${search}`),
      enabled: supplierId !== null,
    }),
  );
}

/** Send an order to its supplier, cancel it, close it short, or record what arrived against it. */
export function usePurchaseOrderAction() {
  return useStockMutation(
    (
      input: { id: string; key: string } & (
        | { action: 'order' }
        | { action: 'cancel' | 'close'; reason: string }
        | { action: 'receipts'; body: PurchaseReceiptRequest }
      ),
    ) =>
      apiFetch<PurchaseOrderResponse>(`/api/purchase-orders/${input.id}/${input.action}`, {
        method: 'POST',
        body: input.action === 'receipts' ? input.body : input.action === 'order' ? undefined : { reason: input.reason },
        idempotencyKey: input.key,
      }),
  );
}

/** Drafts one order per preferred supplier for what a store's low materials lack. */
export function useOrderFromLowStock() {
  return useStockMutation((input: { storeId: string; key: string }) =>
    apiFetch<OrderFromLowStockResponse>('/api/purchase-orders/from-low-stock', {
      method: 'POST',
      body: { storeId: input.storeId },
      idempotencyKey: input.key,
    }),
  );
}

/** Drafts an order, once however often it is sent. */
export function useCreatePurchaseOrder() {
  return useStockMutation((input: { body: PurchaseOrderCreateRequest; key: string }) =>
    apiFetch<PurchaseOrderResponse>('/api/purchase-orders', { method: 'POST', body: input.body, idempotencyKey: input.key }),
  );
}

/** Sends goods back to their supplier, once however often it is sent. */
export function useReturnToSupplier() {
  return useStockMutation((input: { body: SupplierReturnRequest; key: string }) =>
    apiFetch<SupplierReturnResponse>('/api/supplier-returns', { method: 'POST', body: input.body, idempotencyKey: input.key }),
  );
}
