import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { Store } from '@stockyard/contract';
import { useState } from 'react';
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

  async function change(input: { id: string; throughDate: string } | { id: string; reason: string }) {
    try {
      const answer = await books.mutateAsync(input);
      setNotice({ ok: true, text: answer.message });
      setThroughDate('');
      setReason('');
      onChanged(answer.store);
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, 'Failed to change the books. Please try again.') });
    }
  }

  return (
    <Stack gap="xs" role="group" aria-label="Closed books">
      <Text fw={600} size="sm">
        {store.lockedThrough ? `Books closed through ${ddmmyyyy(store.lockedThrough)}` : 'Books open'}
      </Text>
      <Notice value={notice} />
      <Group align="flex-end" gap="xs">
        <TextInput type="date" label="Close books through" value={throughDate} onChange={(e) => setThroughDate(e.currentTarget.value)} />
        <Button
          variant="light"
          disabled={!throughDate}
          loading={books.isPending}
          onClick={() => void change({ id: store._id, throughDate })}
        >
          Close books
        </Button>
      </Group>
      {store.lockedThrough && (
        <Group align="flex-end" gap="xs">
          <TextInput label="Reason to reopen" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Button variant="subtle" color="red" disabled={!reason.trim()} onClick={() => void change({ id: store._id, reason })}>
            Reopen books
          </Button>
        </Group>
      )}
    </Stack>
  );
}
