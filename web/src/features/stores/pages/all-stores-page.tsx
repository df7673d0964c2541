import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import type { Store } from '@stockyard/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { isoDate } from '../../../lib/format';
import { Notice } from '../../../lib/notice';
import { PagedTable } from '../../../lib/paged-table';
import { useSearchPaging } from '../../../lib/paging';
import { SearchInput } from '../../../lib/search-box';
import { useDeleteStore, useStoresPage } from '../api/stores';
import { EditStoreDialog } from '../components/edit-store-dialog';

export function AllStoresPage() {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const stores = useStoresPage(debounced, page);
  const deleteStore = useDeleteStore();
  const [editing, setEditing] = useState<Store | null>(null);
  const [deleting, setDeleting] = useState<Store | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      const answer = await deleteStore.mutateAsync(deleting._id);
      setNotice({ ok: true, text: answer.message });
    } catch (error) {
      setNotice({ ok: false, text: messageOf(error, 'Failed to delete the store. Please try again.') });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <PageCard title="Store Details">
      <SearchInput value={search} onChange={setSearch} placeholder="Search by store name or location" />
      <Notice value={notice} onClose={() => setNotice(null)} mb="md" />
      <PagedTable<Store>
        list={stores}
        errorText={(error) => messageOf(error, 'Could not fetch stores. Please refresh the page.')}
        page={page}
        onPageChange={setPage}
        caption="Store Details"
        minWidth={560}
        rowKey={(store) => store._id}
        emptyText="No stores found"
        columns={[
          { header: 'Name', render: (store) => store.name },
          {
            header: 'Status',
            render: (store) => (
              <Badge color={store.isActive ? 'green' : 'gray'} variant="light">
                {store.status}
              </Badge>
            ),
          },
          { header: 'Location', render: (store) => store.location || <Text c="dimmed">N/A</Text> },
          { header: 'Date', render: (store) => isoDate(store.createdAt) },
          {
            header: 'Action',
            render: (store) => (
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`Edit ${store.name}`} onClick={() => setEditing(store)}>
                  <IconPencil size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${store.name}`} onClick={() => setDeleting(store)}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ),
          },
        ]}
      />
      <EditStoreDialog
        store={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          setNotice({ ok: true, text: message });
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        message="Are you sure you want to delete this store?"
        confirmLabel="Delete"
        isBusy={deleteStore.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <DownloadCsvButton path="/api/stores/csv" filters={{ q: debounced }} fileName="stores.csv" />
    </PageCard>
  );
}
