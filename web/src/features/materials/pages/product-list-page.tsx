import { ActionIcon, Alert, Button, Group } from '@mantine/core';
import type { Product } from '@stockyard/contract';
import { IconHistory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageCard } from '../../../app/layouts/page-card';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { type Column, DataTable } from '../../../lib/data-table';
import { isoDate, numberOrZero, textOrNA } from '../../../lib/format';
import { Notice } from '../../../lib/notice';
import { Pager } from '../../../lib/pager';
import { useSearchPaging } from '../../../lib/paging';
import { SearchBox } from '../../../lib/search-box';
import { HistoryDialog } from '../../history/components/history-dialog';
import { useDeleteMaterial, useMaterialPage, useMaterialSuggestions } from '../api/materials';
import { EditProductDialog } from '../components/edit-product-dialog';

/** The admin's material list across every store (/dashboard/productlist). */
export function ProductListPage() {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const products = useMaterialPage(debounced, page);
  const suggestions = useMaterialSuggestions(debounced);
  const deleteMaterial = useDeleteMaterial();
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [history, setHistory] = useState<Product | null>(null);
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
    { header: 'Date', render: (p) => isoDate(p.createdAt) },
    { header: 'Store', render: (p) => textOrNA(p.storeId.name) },
    { header: 'Product', render: (p) => textOrNA(p.name) },
    { header: 'Category', render: (p) => textOrNA(p.categoryname) },
    { header: 'Material', render: (p) => textOrNA(p.materialname) },
    { header: 'Size', render: (p) => textOrNA(p.size) },
    { header: 'Unit', render: (p) => textOrNA(p.unit) },
    { header: 'Total Qty', render: (p) => numberOrZero(p.totalQuantity), align: 'right' },
    { header: 'Purchases', render: (p) => numberOrZero(p.restockedQuantity), align: 'right' },
    { header: 'Transfer from Warehouse', render: (p) => numberOrZero(p.transferQuantity), align: 'right' },
    { header: 'Available Qty', render: (p) => numberOrZero(p.availableQuantity), align: 'right' },
    { header: 'Consumed', render: (p) => numberOrZero(p.consumedQuantity), align: 'right' },
    { header: 'Damaged', render: (p) => numberOrZero(p.damagedQuantity), align: 'right' },
    { header: 'Return', render: (p) => numberOrZero(p.refundQuantity), align: 'right' },
    { header: 'Remarks', render: (p) => textOrNA(p.remarks) },
    {
      header: 'Actions',
      render: (p) => (
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`History of ${p.name}`} onClick={() => setHistory(p)}>
            <IconHistory size={18} />
          </ActionIcon>
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
      </Group>
      <SearchBox
        value={search}
        onChange={setSearch}
        suggestions={suggestions.data ?? []}
        placeholder="Search by product name"
        maxListHeight={200}
      />
      <Notice value={notice} onClose={() => setNotice(null)} mb="md" />
      {products.isError && (
        <Alert color="red" mb="md" role="alert">
          Failed to fetch data. Please try again.
        </Alert>
      )}
      <DataTable
        caption="Material List"
        minWidth={1500}
        columns={columns}
        rows={products.data?.rows}
        rowKey={(p) => p._id}
        isLoading={products.isPending}
        emptyText="No products found"
      />
      <Pager page={page} total={products.data?.total ?? 0} onChange={setPage} />
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
    </PageCard>
  );
}
