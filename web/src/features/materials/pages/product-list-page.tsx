import { ActionIcon, Button, Group } from '@mantine/core';
import type { Product } from '@stockyard/contract';
import { IconFileImport, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '../../../app/layouts/page-card';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import type { Column } from '../../../lib/data-table';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { Notice } from '../../../lib/notice';
import { PagedTable } from '../../../lib/paged-table';
import { useSearchPaging } from '../../../lib/paging';
import { SearchBox } from '../../../lib/search-box';
import { HistoryButton, HistoryDialog } from '../../history';
import { LabelSheetButton } from '../../labels';
import { ReorderButton, ReorderDialog } from '../../replenishment';
import { useDeleteMaterial, useMaterialPage, useMaterialSuggestions } from '../api/materials';
import { EditProductDialog } from '../components/edit-product-dialog';
import { describingColumns, materialColumn } from '../components/material-columns';

/** The admin's material list across every store (/dashboard/productlist). */
export function ProductListPage() {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const products = useMaterialPage(debounced, page);
  const suggestions = useMaterialSuggestions(debounced);
  const deleteMaterial = useDeleteMaterial();
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [history, setHistory] = useState<Product | null>(null);
  const [reordering, setReordering] = useState<Product | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const { t } = useTranslation();

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteMaterial.mutateAsync(deleting._id);
      setNotice({ ok: true, text: t('materials.deleted') });
    } catch {
      setNotice({ ok: false, text: t('materials.deleteFailed') });
    } finally {
      setDeleting(null);
    }
  }

  const columns: Column<Product>[] = [
    materialColumn.date,
    materialColumn.store,
    materialColumn.name('Product'),
    ...describingColumns,
    materialColumn.count('Total Qty', 'totalQuantity'),
    materialColumn.count('Purchases', 'restockedQuantity'),
    materialColumn.count('Transfer from Warehouse', 'transferQuantity'),
    materialColumn.count('Available Qty', 'availableQuantity'),
    materialColumn.count('Consumed', 'consumedQuantity'),
    materialColumn.count('Damaged', 'damagedQuantity'),
    materialColumn.count('Return', 'refundQuantity'),
    materialColumn.remarks,
    {
      header: 'Actions',
      render: (p) => (
        <Group gap={2} wrap="nowrap">
          <HistoryButton name={p.name} onClick={() => setHistory(p)} />
          <ReorderButton name={p.name} onClick={() => setReordering(p)} />
          <ActionIcon variant="subtle" aria-label={t('common.editNamed', { name: p.name })} onClick={() => setEditing(p)}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('common.deleteNamed', { name: p.name })} onClick={() => setDeleting(p)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <PageCard title={t('lists.materialList')}>
      <Group justify="flex-end" mb="sm">
        <Button component={Link} to="/dashboard/addproduct" leftSection={<IconPlus size={16} />} variant="light">
          {t('materials.create')}
        </Button>
        <Button component={Link} to="/dashboard/import" leftSection={<IconFileImport size={16} />} variant="light">
          {t('hub.import')}
        </Button>
        <LabelSheetButton itemKind="material" rows={products.data?.rows ?? []} />
      </Group>
      <SearchBox
        value={search}
        onChange={setSearch}
        suggestions={suggestions.data ?? []}
        placeholder={t('materials.searchByProduct')}
        maxListHeight={200}
      />
      <Notice value={notice} onClose={() => setNotice(null)} mb="md" />
      <PagedTable<Product>
        list={products}
        errorText={() => t('attention.fetchFailed')}
        page={page}
        onPageChange={setPage}
        caption={t('lists.materialList')}
        minWidth={1500}
        columns={columns}
        rowKey={(p) => p._id}
        emptyText={t('materials.noProducts')}
      />
      <EditProductDialog
        product={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setNotice({ ok: true, text: t('materials.updated') });
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        message={t('materials.confirmDelete')}
        confirmLabel={t('common.delete')}
        isBusy={deleteMaterial.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <HistoryDialog item={history} onClose={() => setHistory(null)} />
      <ReorderDialog material={reordering} onClose={() => setReordering(null)} />
      <DownloadCsvButton path="/api/products/csv" filters={{ q: debounced }} fileName="materials.csv" />
    </PageCard>
  );
}
