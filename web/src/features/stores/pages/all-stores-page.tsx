import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import type { Store } from '@stockyard/contract';
import { IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { localMessage } from '../../../i18n/local-message';
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
import { StoreBooksDialog } from '../components/store-books';

export function AllStoresPage() {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const stores = useStoresPage(debounced, page);
  const deleteStore = useDeleteStore();
  const [editing, setEditing] = useState<Store | null>(null);
  const [deleting, setDeleting] = useState<Store | null>(null);
  const [closing, setClosing] = useState<Store | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const { t } = useTranslation();

  async function confirmDelete() {
    if (!deleting) return;
    try {
      const answer = await deleteStore.mutateAsync(deleting._id);
      setNotice({ ok: true, text: localMessage(answer.message) });
    } catch (error) {
      setNotice({ ok: false, text: messageOf(error, t('stores.deleteFailed')) });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <PageCard title={t('stores.details')}>
      <SearchInput value={search} onChange={setSearch} placeholder={t('stores.search')} />
      <Notice value={notice} onClose={() => setNotice(null)} mb="md" />
      <PagedTable<Store>
        list={stores}
        errorText={(error) => messageOf(error, t('stores.fetchFailed'))}
        page={page}
        onPageChange={setPage}
        caption={t('stores.details')}
        minWidth={560}
        rowKey={(store) => store._id}
        emptyText={t('stores.none')}
        columns={[
          { header: 'Name', render: (store) => store.name },
          {
            header: 'Status',
            render: (store) => (
              <Badge color={store.isActive ? 'green' : 'gray'} variant="light">
                {t(`stores.statuses.${store.status}`)}
              </Badge>
            ),
          },
          { header: 'Location', render: (store) => store.location || <Text c="dimmed">{t('common.na')}</Text> },
          { header: 'Date', render: (store) => isoDate(store.createdAt) },
          {
            header: 'Action',
            render: (store) => (
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={t('common.editNamed', { name: store.name })} onClick={() => setEditing(store)}>
                  <IconPencil size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label={t('stores.booksOf', { name: store.name })} onClick={() => setClosing(store)}>
                  <IconLock size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('common.deleteNamed', { name: store.name })}
                  onClick={() => setDeleting(store)}
                >
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
      <StoreBooksDialog store={closing} onClose={() => setClosing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        message={t('stores.confirmDelete')}
        confirmLabel={t('common.delete')}
        isBusy={deleteStore.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <DownloadCsvButton path="/api/stores/csv" filters={{ q: debounced }} fileName="stores.csv" />
    </PageCard>
  );
}
