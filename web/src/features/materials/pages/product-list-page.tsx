import { ActionIcon, Button, Group } from '@mantine/core';
import type { Product } from '@stockyard/contract';
import { IconFileImport, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageCard } from '../../../app/layouts/page-card';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import type { Column } from '../../../lib/data-table';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { Notice } from '../../../lib/notice';
import { PagedTable } from '../../../lib/paged-table';
import { useSearchPaging } from '../../../lib/paging';
import { SearchBox } from '../../../lib/search-box';
import { HistoryButton } from '../../history/components/history-button';
import { HistoryDialog } from '../../history/components/history-dialog';
import { LabelSheetButton } from '../../labels/components/label-sheet-button';
import { ReorderButton } from '../../replenishment/components/reorder-button';
import { ReorderDialog } from '../../replenishment/components/reorder-dialog';
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

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteMaterial.mutateAsync(deleting._id);
      setNotice({ ok: true, text: 'Product deleted successfully!' });
    } catch {
      setNotice({ ok: false, text: 'Failed to delete product. Please try again.' });
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
          <ActionIcon variant="subtle" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <PageCard title="Material List">
      <Group justify="flex-end" mb="sm">
        <Button component={Link} to="/dashboard/addproduct" leftSection={<IconPlus size={16} />} variant="light">
          Create Material
        </Button>
        <Button component={Link} to="/dashboard/import" leftSection={<IconFileImport size={16} />} variant="light">
          Import
        </Button>
        <LabelSheetButton itemKind="material" rows={products.data?.rows ?? []} />
      </Group>
      <SearchBox
        value={search}
        onChange={setSearch}
        suggestions={suggestions.data ?? []}
        placeholder="Search by product name"
        maxListHeight={200}
      />
      <Notice value={notice} onClose={() => setNotice(null)} mb="md" />
      <PagedTable<Product>
        list={products}
        errorText={() => 'Failed to fetch data. Please try again.'}
        page={page}
        onPageChange={setPage}
        caption="Material List"
        minWidth={1500}
        columns={columns}
        rowKey={(p) => p._id}
        emptyText="No products found"
      />
      <EditProductDialog
        product={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setNotice({ ok: true, text: 'Product updated successfully!' });
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        message="Are you sure you want to delete this product?"
        confirmLabel="Delete"
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
