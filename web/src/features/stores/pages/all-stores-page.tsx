import { ActionIcon, Alert, Badge, Group, Text, TextInput } from '@mantine/core';
import type { Store } from '@stockyard/contract';
import { IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { DataTable } from '../../../lib/data-table';
import { isoDate } from '../../../lib/format';
import { Notice } from '../../../lib/notice';
import { Pager } from '../../../lib/pager';
import { useSearchPaging } from '../../../lib/paging';
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
      <TextInput
        placeholder="Search by store name or location"
        aria-label="Search by store name or location"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb="md"
      />
      <Notice value={notice} onClose={() => setNotice(null)} mb="md" />
      {stores.isError && (
        <Alert color="red" mb="md" role="alert">
          {messageOf(stores.error, 'Could not fetch stores. Please refresh the page.')}
        </Alert>
      )}
      <DataTable<Store>
        caption="Store Details"
        minWidth={560}
        isLoading={stores.isPending}
        rows={stores.data?.rows}
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
      <Pager page={page} total={stores.data?.total ?? 0} onChange={setPage} />
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
    </PageCard>
  );
}
