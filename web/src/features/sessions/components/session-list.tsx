import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Session } from '@stockyard/contract';
import { useState } from 'react';
import { messageOf } from '../../../lib/api';
import { DataTable } from '../../../lib/data-table';
import { Notice } from '../../../lib/notice';
import { useSessions, useSignOut } from '../api/sessions';

const when = (value: string | null) =>
  value ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(value)) : '—';

/**
 * A user's signed-in devices with a "Sign out" for each, and one button for the rest: "Sign out
 * everywhere else" for one's own (this device stays signed in), "Sign out everywhere" for an admin
 * looking at someone else's (`userId`).
 */
export function SessionList({ userId }: { userId: string | null }) {
  const sessions = useSessions(userId);
  const signOut = useSignOut(userId);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  async function run(which: Parameters<typeof signOut.mutateAsync>[0]) {
    try {
      setNotice({ ok: true, text: (await signOut.mutateAsync(which)).message });
    } catch (error) {
      setNotice({ ok: false, text: messageOf(error, 'The session could not be signed out. Please try again.') });
    }
  }
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <Stack gap="sm">
      <Notice value={notice} onClose={() => setNotice(null)} />
      {sessions.isError && <Text c="red">{messageOf(sessions.error, 'The sessions could not be loaded.')}</Text>}
      <DataTable<Session>
        caption="Sessions"
        minWidth={560}
        isLoading={sessions.isPending}
        rows={sessions.data}
        rowKey={(session) => session._id}
        emptyText="No one is signed in."
        columns={[
          {
            header: 'Device',
            render: (session) => (
              <Stack gap={2} align="flex-start">
                <Text size="sm">{session.browser}</Text>
                {session.current && (
                  <Badge size="sm" variant="light">
                    This device
                  </Badge>
                )}
              </Stack>
            ),
          },
          { header: 'Address', render: (session) => session.address ?? '—' },
          { header: 'Signed in', render: (session) => when(session.createdAt) },
          { header: 'Last used', render: (session) => when(session.lastUsedAt ?? session.createdAt) },
          {
            header: 'Actions',
            render: (session) =>
              session.current ? null : (
                <Button size="compact-sm" variant="light" color="red" onClick={() => void run({ sessionId: session._id })}>
                  Sign out
                </Button>
              ),
          },
        ]}
      />
      <Group>
        <Button
          color="red"
          variant="light"
          disabled={others === 0}
          loading={signOut.isPending}
          onClick={() => void run({ everywhereElse: true })}
        >
          {userId ? 'Sign out everywhere' : 'Sign out everywhere else'}
        </Button>
      </Group>
    </Stack>
  );
}
