import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { Store } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { DateField } from '../../../lib/date-field';
import { DialogFor } from '../../../lib/dialog-for';
import { ddmmyyyy } from '../../../lib/format';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useStoreBooks } from '../api/stores';

/** The store's books in a dialog of their own, opened from the store's row. */
export function StoreBooksDialog({ store, onClose }: { store: Store | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogFor
      subject={store}
      keyOf={(subject) => subject._id}
      title={(subject) => t('stores.booksOf', { name: subject.name })}
      onClose={onClose}
    >
      {(subject) => <StoreBooks store={subject} />}
    </DialogFor>
  );
}

/**
 * A store's closed books: close them through a day once the keeper confirms that day (nothing may
 * then be recorded on or before it), or reopen them with a reason that the audit trail keeps.
 */
function StoreBooks({ store: opened }: { store: Store }) {
  const books = useStoreBooks();
  const [store, setStore] = useState(opened);
  const [isConfirming, setConfirming] = useState(false);
  const [throughDate, setThroughDate] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { t } = useTranslation();

  async function change(input: { id: string; throughDate: string } | { id: string; reason: string }) {
    setConfirming(false);
    try {
      const answer = await books.mutateAsync(input);
      setNotice({ ok: true, text: localMessage(answer.message) });
      setThroughDate('');
      setReason('');
      setStore(answer.store);
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
        <DateField label={t('stores.closeThrough')} value={throughDate} onChange={setThroughDate} />
        <Button variant="light" disabled={!throughDate} loading={books.isPending} onClick={() => setConfirming(true)}>
          {t('stores.closeBooks')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={isConfirming}
        message={t('stores.confirmClose', { name: store.name, date: throughDate ? ddmmyyyy(throughDate) : '' })}
        confirmLabel={t('stores.closeBooks')}
        onConfirm={() => void change({ id: store._id, throughDate })}
        onCancel={() => setConfirming(false)}
      />
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
