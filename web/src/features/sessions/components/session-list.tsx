import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Session } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DataTable } from '../../../lib/data-table';
import { dateTimeFormat } from '../../../lib/intl-formats';
import { Notice } from '../../../lib/notice';
import { useSessions, useSignOut } from '../api/sessions';

const when = (value: string | null) =>
  value
    ? dateTimeFormat(currentLanguage() === 'en' ? 'en-GB' : currentLanguage(), { dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(value),
      )
    : '—';

/**
 * A user's signed-in devices with a "Sign out" for each, and one button for the rest: "Sign out
 * everywhere else" for one's own (this device stays signed in), "Sign out everywhere" for an admin
 * looking at someone else's (`userId`).
 */
export function SessionList({ userId }: { userId: string | null }) {
  const sessions = useSessions(userId);
  const signOut = useSignOut(userId);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const { t } = useTranslation();
  async function run(which: Parameters<typeof signOut.mutateAsync>[0]) {
    try {
      setNotice({ ok: true, text: localMessage((await signOut.mutateAsync(which)).message) });
    } catch (error) {
      setNotice({ ok: false, text: messageOf(error, t('sessions.signOutFailed')) });
    }
  }
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <Stack gap="sm">
      <Notice value={notice} onClose={() => setNotice(null)} />
      {sessions.isError && <Text c="red">{messageOf(sessions.error, t('sessions.loadFailed'))}</Text>}
      <DataTable<Session>
        caption={t('common.sessions')}
        minWidth={560}
        isLoading={sessions.isPending}
        rows={sessions.data}
        rowKey={(session) => session._id}
        emptyText={t('sessions.none')}
        columns={[
          {
            header: 'Device',
            render: (session) => (
              <Stack gap={2} align="flex-start">
                <Text size="sm" translate="no">
                  {session.browser}
                </Text>
                {session.current && (
                  <Badge size="sm" variant="light">
                    {t('sessions.thisDevice')}
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
                  {t('sessions.signOut')}
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
          {userId ? t('sessions.signOutEverywhere') : t('sessions.signOutElsewhere')}
        </Button>
      </Group>
    </Stack>
  );
}
