import type { Product } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <PageCard title={t('lists.materialList')}>
      <SearchInput value={search} onChange={setSearch} placeholder={t('materials.searchNameMaterialCategory')} />
      <PagedTable<Product>
        list={products}
        errorText={(error) => messageOf(error, t('lists.materialsFailed'))}
        page={page}
        onPageChange={setPage}
        caption={t('lists.materialList')}
        minWidth={900}
        rowKey={(p) => p._id}
        emptyText={t('lists.noMaterials')}
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
