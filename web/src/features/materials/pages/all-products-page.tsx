import { ActionIcon, Alert } from '@mantine/core';
import type { Product } from '@stockyard/contract';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { type Column, DataTable } from '../../../lib/data-table';
import { isoDate, numberOrZero, textOrNA } from '../../../lib/format';
import { Pager } from '../../../lib/pager';
import { useSearchPaging } from '../../../lib/paging';
import { SearchBox } from '../../../lib/search-box';
import { HistoryDialog } from '../../history/components/history-dialog';
import { useMaterialPage, useMaterialSuggestions } from '../api/materials';
import { AddRemarkCell } from '../components/remark-cell';

/** The store keeper's material list (/dashboard/allproducts), with remarks set inline. */
export function AllProductsPage() {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const products = useMaterialPage(debounced, page);
  const suggestions = useMaterialSuggestions(debounced);
  const [history, setHistory] = useState<Product | null>(null);
  const [error, setError] = useState<string | null>(null);

  const columns: Column<Product>[] = [
    { header: 'Date', render: (p) => isoDate(p.createdAt) },
    { header: 'Name', render: (p) => textOrNA(p.name) },
    { header: 'Category', render: (p) => textOrNA(p.categoryname) },
    { header: 'Material', render: (p) => textOrNA(p.materialname) },
    { header: 'Size', render: (p) => textOrNA(p.size) },
    { header: 'Unit', render: (p) => textOrNA(p.unit) },
    { header: 'Total Qty', render: (p) => numberOrZero(p.totalQuantity), align: 'right' },
    { header: 'Purchases', render: (p) => numberOrZero(p.restockedQuantity), align: 'right' },
    { header: 'Transfer From Warehouse', render: (p) => numberOrZero(p.transferQuantity), align: 'right' },
    { header: 'Consumed', render: (p) => numberOrZero(p.consumedQuantity), align: 'right' },
    { header: 'Damages/Waste', render: (p) => numberOrZero(p.damagedQuantity), align: 'right' },
    { header: 'Return', render: (p) => numberOrZero(p.refundQuantity), align: 'right' },
    { header: 'Close Qty', render: (p) => numberOrZero(p.availableQuantity), align: 'right' },
    { header: 'Remarks', render: (p) => textOrNA(p.remarks) },
    { header: 'Add Remarks', render: (p) => <AddRemarkCell product={p} onError={setError} /> },
    {
      header: 'History',
      render: (p) => (
        <ActionIcon variant="subtle" aria-label={`History of ${p.name}`} onClick={() => setHistory(p)}>
          <IconHistory size={18} />
        </ActionIcon>
      ),
    },
  ];

  return (
    <PageCard title="Material List">
      <SearchBox
        value={search}
        onChange={setSearch}
        suggestions={suggestions.data ?? []}
        placeholder="Search materials"
        maxListHeight={150}
      />
      {error && (
        <Alert color="red" mb="md" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {products.isError && (
        <Alert color="red" mb="md" role="alert">
          {messageOf(products.error, 'Failed to fetch products. Please try again.')}
        </Alert>
      )}
      <DataTable
        caption="Material List"
        minWidth={1450}
        columns={columns}
        rows={products.data?.rows}
        rowKey={(p) => p._id}
        isLoading={products.isPending}
        emptyText="No materials found."
      />
      <Pager page={page} total={products.data?.total ?? 0} onChange={setPage} />
      <HistoryDialog item={history} onClose={() => setHistory(null)} />
    </PageCard>
  );
}
