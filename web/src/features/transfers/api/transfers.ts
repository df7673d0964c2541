import type {
  RequestStatus,
  StockRequestApprove,
  StockRequestCreate,
  StockRequestListResponse,
  StockRequestResponse,
  TransferCreate,
  TransferDetailResponse,
  TransferDispatch,
  TransferListResponse,
  TransferReceive,
  TransferResponse,
  TransferStatus,
} from '@stockyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchPage, searchOf } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useStockMutation } from '../../../lib/stock-mutation';

// Requests and transfers move stock and the low-stock list, so they live under STOCK_QUERIES.
export const transferKeys = {
  requests: [...STOCK_QUERIES, 'stock-requests'] as const,
  transfers: [...STOCK_QUERIES, 'transfers'] as const,
};

export type TransferFilter = {
  storeId?: string;
  direction?: 'in' | 'out';
  status?: TransferStatus;
  open?: 'in_transit' | 'written_off';
};

export function useTransfers(filter: TransferFilter) {
  const search = searchOf({ ...filter, limit: 200 });
  return useQuery(
    queryOptions({
      queryKey: [...transferKeys.transfers, search],
      queryFn: () => apiFetch<TransferListResponse>(`/api/transfers?${search}`),
    }),
  );
}

/** How many transfers are on their way to the caller's stores (the list's total, one row fetched). */
export function useIncomingCount() {
  return useQuery(
    queryOptions({
      queryKey: [...transferKeys.transfers, 'incoming-count'],
      queryFn: async () =>
        (await apiFetchPage('/api/transfers?direction=in&open=in_transit&limit=1', (data: TransferListResponse) => data.transfers)).total,
    }),
  );
}

export function useTransfer(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...transferKeys.transfers, 'one', id],
      queryFn: () => apiFetch<TransferDetailResponse>(`/api/transfers/${id}`),
    }),
  );
}

export function useCreateTransfer() {
  return useStockMutation((input: { body: TransferCreate; key: string }) =>
    apiFetch<TransferResponse>('/api/transfers', { method: 'POST', body: input.body, idempotencyKey: input.key }),
  );
}

export function useRequests(filter: { storeId?: string; status?: RequestStatus }) {
  const search = searchOf({ ...filter, limit: 200 });
  return useQuery(
    queryOptions({
      queryKey: [...transferKeys.requests, search],
      queryFn: () => apiFetch<StockRequestListResponse>(`/api/stock-requests?${search}`),
    }),
  );
}

export function useSendRequest() {
  return useStockMutation((input: { body: StockRequestCreate; key: string }) =>
    apiFetch<StockRequestResponse>('/api/stock-requests', { method: 'POST', body: input.body, idempotencyKey: input.key }),
  );
}

/** approve, reject or cancel a request. */
export function useDecideRequest() {
  return useStockMutation(
    (
      input: { id: string; key: string } & (
        | { action: 'approve'; body: StockRequestApprove }
        | { action: 'reject'; reason: string }
        | { action: 'cancel' }
      ),
    ) =>
      apiFetch<StockRequestResponse>(`/api/stock-requests/${input.id}/${input.action}`, {
        method: 'POST',
        body: input.action === 'approve' ? input.body : input.action === 'reject' ? { reason: input.reason } : undefined,
        idempotencyKey: input.key,
      }),
  );
}

/** dispatch, cancel, receive or close a transfer. */
export function useTransferAction() {
  return useStockMutation(
    (
      input: { id: string; key: string } & (
        | { action: 'cancel' }
        | { action: 'dispatch'; body?: TransferDispatch }
        | { action: 'receive'; body: TransferReceive }
        | { action: 'close'; reason: string }
      ),
    ) =>
      apiFetch<TransferResponse>(`/api/transfers/${input.id}/${input.action}`, {
        method: 'POST',
        body:
          input.action === 'receive' || input.action === 'dispatch'
            ? input.body
            : input.action === 'close'
              ? { reason: input.reason }
              : undefined,
        idempotencyKey: input.key,
      }),
  );
}

/** How many requests wait for approval (the list's total, one row fetched). */
export function useWaitingRequestCount() {
  return useQuery(
    queryOptions({
      queryKey: [...transferKeys.requests, 'waiting-count'],
      queryFn: async () =>
        (await apiFetchPage('/api/stock-requests?status=submitted&limit=1', (data: StockRequestListResponse) => data.requests)).total,
    }),
  );
}
