import { ActionIcon, Group, Modal } from '@mantine/core';
import type { User } from '@stockyard/contract';
import { IconDevices, IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PageCard } from '../../../app/layouts/page-card';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { Notice } from '../../../lib/notice';
import { PagedTable } from '../../../lib/paged-table';
import { useSearchPaging } from '../../../lib/paging';
import { SearchInput } from '../../../lib/search-box';
import { SessionList } from '../../sessions/components/session-list';
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

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteUser.mutateAsync(deleting._id);
      setNotice({ ok: true, text: 'User deleted successfully!' });
    } catch (error) {
      setNotice({ ok: false, text: `Error: ${(error as Error).message}` });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <PageCard title="Users List">
      <SearchInput
        value={search}
        onChange={setSearch}
        placeholder="Search by name, email, or role..."
        label="Search by name, email, or role"
      />
      <Notice value={notice} onClose={() => setNotice(null)} mb="md" />
      <PagedTable<User>
        list={users}
        errorText={(error) => `Error: ${(error as Error).message}`}
        page={page}
        onPageChange={setPage}
        caption="Users List"
        minWidth={560}
        rowKey={(user) => user._id}
        emptyText="No users found."
        columns={[
          { header: 'Name', render: (user) => user.name },
          { header: 'Email', render: (user) => user.email },
          {
            header: 'Stores',
            render: (user) => (user.stores.length > 0 ? user.stores.map((store) => store.name).join(', ') : 'No Stores'),
          },
          {
            header: 'Actions',
            render: (user) => (
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`Sessions of ${user.name}`} onClick={() => setSessionsOf(user)}>
                  <IconDevices size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label={`Change password of ${user.name}`} onClick={() => setPasswordFor(user)}>
                  <IconKey size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${user.name}`} onClick={() => setDeleting(user)}>
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
        title={`Sessions of ${sessionsOf?.name ?? ''}`}
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
          setNotice({ ok: true, text: 'Password changed successfully!' });
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        message="Are you sure you want to delete this user?"
        confirmLabel="Delete"
        isBusy={deleteUser.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <DownloadCsvButton path="/api/auth/fetch-users/csv" filters={{ q: debounced }} fileName="users.csv" />
    </PageCard>
  );
}
