import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { Store } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ddmmyyyy } from '../../../lib/format';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useStoreBooks } from '../api/stores';

/**
 * A store's closed books: close them through a day (nothing may then be recorded on or before it),
 * or reopen them with a reason that the audit trail keeps.
 */
export function StoreBooks({ store, onChanged }: { store: Store; onChanged: (store: Store) => void }) {
  const books = useStoreBooks();
  const [throughDate, setThroughDate] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { t } = useTranslation();

  async function change(input: { id: string; throughDate: string } | { id: string; reason: string }) {
    try {
      const answer = await books.mutateAsync(input);
      setNotice({ ok: true, text: localMessage(answer.message) });
      setThroughDate('');
      setReason('');
      onChanged(answer.store);
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, t('stores.booksFailed')) });
    }
  }

  return (
    <Stack gap="xs" role="group" aria-label={t('stores.closedBooks')}>
      <Text fw={600} size="sm">
        {store.lockedThrough ? t('stores.booksClosedThrough', { date: ddmmyyyy(store.lockedThrough) }) : t('stores.booksOpen')}
      </Text>
      <Notice value={notice} />
      <Group align="flex-end" gap="xs">
        <TextInput
          type="date"
          label={t('stores.closeThrough')}
          value={throughDate}
          onChange={(e) => setThroughDate(e.currentTarget.value)}
        />
        <Button
          variant="light"
          disabled={!throughDate}
          loading={books.isPending}
          onClick={() => void change({ id: store._id, throughDate })}
        >
          {t('stores.closeBooks')}
        </Button>
      </Group>
      {store.lockedThrough && (
        <Group align="flex-end" gap="xs">
          <TextInput label={t('stores.reopenReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Button variant="subtle" color="red" disabled={!reason.trim()} onClick={() => void change({ id: store._id, reason })}>
            {t('stores.reopenBooks')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
