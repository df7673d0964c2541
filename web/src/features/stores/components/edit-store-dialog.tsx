import { Button, Group, Modal, NumberInput, Select, TextInput } from '@mantine/core';
import { type Store, StoreUpdateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { parsePayload } from '../../../lib/validation';
import { useUpdateStore } from '../api/stores';
import { StoreBooks } from './store-books';

export function EditStoreDialog({
  store,
  onClose,
  onSaved,
}: {
  store: Store | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const updateStore = useUpdateStore();
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const [status, setStatus] = useState<string | null>('Active');
  const [tolerance, setTolerance] = useState<string | number>(0);
  const [books, setBooks] = useState<Store | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  useEffect(() => {
    setName(store?.name ?? '');
    setLocation(store?.location ?? '');
    setStatus(store ? store.status : 'Active');
    setTolerance(store?.countTolerancePercent ?? 0);
    setBooks(store);
    setError(null);
  }, [store]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!store) return;
    const parsed = parsePayload(StoreUpdateRequestSchema, {
      name,
      location,
      isActive: status ? status === 'Active' : undefined,
      countTolerancePercent: tolerance === '' ? undefined : Number(tolerance),
    });
    if ('problem' in parsed) {
      setError(parsed.problem);
      return;
    }
    try {
      const answer = await updateStore.mutateAsync({ id: store._id, ...parsed.data });
      onSaved(localMessage(answer.message));
    } catch (caught) {
      setError(messageOf(caught, t('stores.updateFailed')));
    }
  }

  return (
    <Modal opened={store !== null} onClose={onClose} title={t('stores.edit')} centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <TextInput label={t('stores.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput label={t('stores.location')} value={location} onChange={(e) => setLocation(e.currentTarget.value)} />
        <Select
          label={t('stores.status')}
          data={['Active', 'Inactive'].map((value) => ({ value, label: t(`stores.statuses.${value}`) }))}
          value={status}
          onChange={setStatus}
        />
        <NumberInput
          label={t('stores.tolerance')}
          description={t('stores.toleranceHelp')}
          min={0}
          max={100}
          allowDecimal={false}
          value={tolerance}
          onChange={setTolerance}
        />
        {books && <StoreBooks store={books} onChanged={setBooks} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={updateStore.isPending}>
            {t('common.saveChanges')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
