import { ActionIcon, Group, Modal } from '@mantine/core';
import type { User } from '@stockyard/contract';
import { IconDevices, IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { Notice } from '../../../lib/notice';
import { PagedTable } from '../../../lib/paged-table';
import { useSearchPaging } from '../../../lib/paging';
import { SearchInput } from '../../../lib/search-box';
import { SessionList } from '../../sessions';
import { useDeleteUser, useUsersPage } from '../api/users';
import { ChangeUserPasswordDialog } from '../components/change-user-password-dialog';

export function AllUsersPage() {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const users = useUsersPage(debounced, page);
  const deleteUser = useDeleteUser();
  const [deleting, setDeleting] = useState<User | null>(null);
  const [passwordFor, setPasswordFor] = useState<User | null>(null);
  const [sessionsOf, setSessionsOf] = useState<User | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const { t } = useTranslation();
  const errorText = (error: unknown) => t('common.error', { message: messageOf(error, (error as Error).message) });

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteUser.mutateAsync(deleting._id);
      setNotice({ ok: true, text: t('users.deleted') });
    } catch (error) {
      setNotice({ ok: false, text: errorText(error) });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <PageCard title={t('users.list')}>
      <SearchInput value={search} onChange={setSearch} placeholder={t('users.searchPlaceholder')} label={t('users.searchLabel')} />
      <Notice value={notice} onClose={() => setNotice(null)} mb="md" />
      <PagedTable<User>
        list={users}
        errorText={errorText}
        page={page}
        onPageChange={setPage}
        caption={t('users.list')}
        minWidth={560}
        rowKey={(user) => user._id}
        emptyText={t('users.none')}
        columns={[
          { header: 'Name', render: (user) => user.name },
          { header: 'Email', render: (user) => user.email },
          {
            header: 'Stores',
            render: (user) => (user.stores.length > 0 ? user.stores.map((store) => store.name).join(', ') : t('users.noStores')),
          },
          {
            header: 'Actions',
            render: (user) => (
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={t('users.sessionsOf', { name: user.name })} onClick={() => setSessionsOf(user)}>
                  <IconDevices size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label={t('users.passwordOf', { name: user.name })} onClick={() => setPasswordFor(user)}>
                  <IconKey size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('common.deleteNamed', { name: user.name })}
                  onClick={() => setDeleting(user)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={sessionsOf !== null}
        onClose={() => setSessionsOf(null)}
        title={t('users.sessionsOf', { name: sessionsOf?.name ?? '' })}
        size="xl"
        centered
      >
        {sessionsOf && <SessionList userId={sessionsOf._id} />}
      </Modal>
      <ChangeUserPasswordDialog
        user={passwordFor}
        onClose={() => setPasswordFor(null)}
        onChanged={() => {
          setPasswordFor(null);
          setNotice({ ok: true, text: t('users.passwordChanged') });
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        message={t('users.confirmDelete')}
        confirmLabel={t('common.delete')}
        isBusy={deleteUser.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <DownloadCsvButton path="/api/auth/fetch-users/csv" filters={{ q: debounced }} fileName="users.csv" />
    </PageCard>
  );
}
