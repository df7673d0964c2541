import type {
  ReceivedNotInvoicedResponse,
  SupplierInvoice,
  SupplierInvoiceCreateRequest,
  SupplierInvoiceListResponse,
} from '@stockyard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, searchOf } from '../../../lib/api';

const invoiceKeys = { all: ['supplier-invoices'] as const };

/** Suppliers' invoices, the latest first (200 at most). */
export function useSupplierInvoices(filter: { status?: 'open' | 'approved' }) {
  const search = searchOf({ ...filter, limit: 200 });
  return useQuery({
    queryKey: [...invoiceKeys.all, search],
    queryFn: () => apiFetch<SupplierInvoiceListResponse>(`/api/supplier-invoices?${search}`),
  });
}

function useInvoiceMutation<I>(mutationFn: (input: I) => Promise<{ message: string; invoice: SupplierInvoice }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }) });
}

/** Enters an invoice, once however often it is sent. */
export function useCreateInvoice() {
  return useInvoiceMutation(({ key, ...body }: SupplierInvoiceCreateRequest & { key: string }) =>
    apiFetch<{ message: string; invoice: SupplierInvoice }>('/api/supplier-invoices', { method: 'POST', body, idempotencyKey: key }),
  );
}

/** Approves an invoice; a reason is needed when its lines do not all match. */
export function useApproveInvoice() {
  return useInvoiceMutation(({ id, reason, key }: { id: string; reason?: string; key: string }) =>
    apiFetch<{ message: string; invoice: SupplierInvoice }>(`/api/supplier-invoices/${id}/approve`, {
      method: 'POST',
      body: reason ? { reason } : {},
      idempotencyKey: key,
    }),
  );
}

/** What arrived and was not yet invoiced, valued, at the end of a day (today by default). */
export function useReceivedNotInvoiced(filter: { storeId?: string; asOf?: string }) {
  const search = searchOf(filter);
  return useQuery({
    queryKey: [...invoiceKeys.all, 'received-not-invoiced', search],
    queryFn: () => apiFetch<ReceivedNotInvoicedResponse>(`/api/reports/received-not-invoiced${search ? `?${search}` : ''}`),
  });
}
