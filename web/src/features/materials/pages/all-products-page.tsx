import { Alert, Group } from '@mantine/core';
import type { Product } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import type { Column } from '../../../lib/data-table';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { PagedTable } from '../../../lib/paged-table';
import { useSearchPaging } from '../../../lib/paging';
import { SearchBox } from '../../../lib/search-box';
import { HistoryButton, HistoryDialog } from '../../history';
import { LabelSheetButton } from '../../labels';
import { KeptAt, useListOrKept } from '../../offline';
import { ReorderButton, ReorderDialog } from '../../replenishment';
import { useMaterialPage, useMaterialSuggestions } from '../api/materials';
import { describingColumns, materialColumn } from '../components/material-columns';
import { AddRemarkCell } from '../components/remark-cell';

/** The store keeper's material list (/dashboard/allproducts), with remarks set inline. */
export function AllProductsPage() {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const { list: products, keptAt } = useListOrKept(useMaterialPage(debounced, page), 'materials', debounced, page);
  const suggestions = useMaterialSuggestions(debounced);
  const [history, setHistory] = useState<Product | null>(null);
  const [reordering, setReordering] = useState<Product | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  const columns: Column<Product>[] = [
    materialColumn.date,
    materialColumn.name('Name'),
    ...describingColumns,
    materialColumn.count('Total Qty', 'totalQuantity'),
    materialColumn.count('Purchases', 'restockedQuantity'),
    materialColumn.count('Transfer From Warehouse', 'transferQuantity'),
    materialColumn.count('Consumed', 'consumedQuantity'),
    materialColumn.count('Damages/Waste', 'damagedQuantity'),
    materialColumn.count('Return', 'refundQuantity'),
    materialColumn.count('Close Qty', 'availableQuantity'),
    materialColumn.remarks,
    { header: 'Add Remarks', render: (p) => <AddRemarkCell product={p} onError={setError} /> },
    { header: 'History', render: (p) => <HistoryButton name={p.name} onClick={() => setHistory(p)} /> },
    { header: 'Reorder', render: (p) => <ReorderButton name={p.name} onClick={() => setReordering(p)} /> },
  ];

  return (
    <PageCard title={t('lists.materialList')}>
      <SearchBox
        value={search}
        onChange={setSearch}
        suggestions={suggestions.data ?? []}
        placeholder={t('lists.searchMaterials')}
        maxListHeight={150}
      />
      <Group justify={keptAt ? 'space-between' : 'flex-end'} mb="sm">
        {keptAt && <KeptAt syncedAt={keptAt} />}
        <LabelSheetButton itemKind="material" rows={products.data?.rows ?? []} />
      </Group>
      {error && (
        <Alert color="red" mb="md" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <PagedTable<Product>
        list={products}
        errorText={(failure) => messageOf(failure, t('lists.materialsFailed'))}
        page={page}
        onPageChange={setPage}
        caption={t('lists.materialList')}
        cardsOnPhone
        minWidth={1450}
        columns={columns}
        rowKey={(p) => p._id}
        emptyText={t('lists.noMaterials')}
      />
      <HistoryDialog item={history} onClose={() => setHistory(null)} />
      <ReorderDialog material={reordering} onClose={() => setReordering(null)} />
      <DownloadCsvButton path="/api/products/csv" filters={{ q: debounced }} fileName="materials.csv" />
    </PageCard>
  );
}
