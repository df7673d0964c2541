import type { Product } from '@stockyard/contract';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { PagedTable } from '../../../lib/paged-table';
import { useSearchPaging } from '../../../lib/paging';
import { SearchInput } from '../../../lib/search-box';
import { useMaterialPage } from '../api/materials';
import { describingColumns, materialColumn } from '../components/material-columns';

/** The store user's read-only material list (/dashboard/store-user-dashboard). */
export function StoreUserMaterialsPage() {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const products = useMaterialPage(debounced, page);
  return (
    <PageCard title="Material List">
      <SearchInput value={search} onChange={setSearch} placeholder="Search by name, material or category" />
      <PagedTable<Product>
        list={products}
        errorText={(error) => messageOf(error, 'Failed to fetch products. Please try again.')}
        page={page}
        onPageChange={setPage}
        caption="Material List"
        minWidth={900}
        rowKey={(p) => p._id}
        emptyText="No materials found."
        columns={[
          materialColumn.date,
          materialColumn.name('Name'),
          ...describingColumns,
          materialColumn.count('Available Quantity', 'availableQuantity'),
          materialColumn.count('Issued', 'consumedQuantity'),
          materialColumn.count('Damaged', 'damagedQuantity'),
          materialColumn.count('Return', 'refundQuantity'),
        ]}
      />
    </PageCard>
  );
}
