import { Alert, TextInput } from '@mantine/core';
import type { Product } from '@stockyard/contract';
import { IconSearch } from '@tabler/icons-react';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { DataTable } from '../../../lib/data-table';
import { isoDate, numberOrZero, textOrNA } from '../../../lib/format';
import { Pager } from '../../../lib/pager';
import { useSearchPaging } from '../../../lib/paging';
import { useMaterialPage } from '../api/materials';

/** The store user's read-only material list (/dashboard/store-user-dashboard). */
export function StoreUserMaterialsPage() {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const products = useMaterialPage(debounced, page);
  return (
    <PageCard title="Material List">
      <TextInput
        placeholder="Search by name, material or category"
        aria-label="Search by name, material or category"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb="md"
      />
      {products.isError && (
        <Alert color="red" mb="md" role="alert">
          {messageOf(products.error, 'Failed to fetch products. Please try again.')}
        </Alert>
      )}
      <DataTable<Product>
        caption="Material List"
        minWidth={900}
        rows={products.data?.rows}
        rowKey={(p) => p._id}
        isLoading={products.isPending}
        emptyText="No materials found."
        columns={[
          { header: 'Date', render: (p) => isoDate(p.createdAt) },
          { header: 'Name', render: (p) => textOrNA(p.name) },
          { header: 'Category', render: (p) => textOrNA(p.categoryname) },
          { header: 'Material', render: (p) => textOrNA(p.materialname) },
          { header: 'Size', render: (p) => textOrNA(p.size) },
          { header: 'Unit', render: (p) => textOrNA(p.unit) },
          { header: 'Available Quantity', render: (p) => numberOrZero(p.availableQuantity), align: 'right' },
          { header: 'Issued', render: (p) => numberOrZero(p.consumedQuantity), align: 'right' },
          { header: 'Damaged', render: (p) => numberOrZero(p.damagedQuantity), align: 'right' },
          { header: 'Return', render: (p) => numberOrZero(p.refundQuantity), align: 'right' },
        ]}
      />
      <Pager page={page} total={products.data?.total ?? 0} onChange={setPage} />
    </PageCard>
  );
}
