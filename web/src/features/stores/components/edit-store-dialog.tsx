import { Checkbox, Divider, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { type Store, StoreUpdateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { usePayloadCheck } from '../../../lib/validation';
import { useUpdateStore } from '../api/stores';
import { StoreGeofence } from './store-geofence';

type Props = { onClose: () => void; onSaved: (message: string) => void };

export function EditStoreDialog({ store, onClose, onSaved }: Props & { store: Store | null }) {
  const { t } = useTranslation();
  return (
    <DialogFor subject={store} keyOf={(subject) => subject._id} title={() => t('stores.edit')} onClose={onClose}>
      {(subject) => (
        <Stack gap="lg">
          <EditStoreForm store={subject} onClose={onClose} onSaved={onSaved} />
          <Divider />
          <StoreGeofence store={subject} />
        </Stack>
      )}
    </DialogFor>
  );
}

/** The store's fields as they are when the dialog opens. */
function EditStoreForm({ store, onClose, onSaved }: Props & { store: Store }) {
  const updateStore = useUpdateStore();
  const [name, setName] = useState(store.name);
  const [location, setLocation] = useState(store.location ?? '');
  const [status, setStatus] = useState<string | null>(store.status);
  const [tolerance, setTolerance] = useState<string | number>(store.countTolerancePercent ?? 0);
  const [requireJob, setRequireJob] = useState(store.requireJob);
  const [signatureOnHandover, setSignatureOnHandover] = useState(store.signatureOnHandover);
  const [warningDays, setWarningDays] = useState<string | number>(store.expiryWarningDays ?? 30);
  const [error, setError] = useState<string | null>(null);
  const payload = usePayloadCheck(StoreUpdateRequestSchema, ['name', 'location', 'isActive', 'countTolerancePercent', 'expiryWarningDays']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const data = payload.check({
      name,
      location,
      isActive: status ? status === 'Active' : undefined,
      countTolerancePercent: tolerance === '' ? undefined : Number(tolerance),
      requireJob,
      signatureOnHandover,
      expiryWarningDays: warningDays === '' ? undefined : Number(warningDays),
    });
    if (!data) return;
    try {
      const answer = await updateStore.mutateAsync({ id: store._id, ...data });
      onSaved(localMessage(answer.message));
    } catch (caught) {
      setError(messageOf(caught, t('stores.updateFailed')));
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error ?? payload.summary?.text ?? null} />
      <TextInput label={t('stores.name')} error={payload.errorOf('name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <TextInput
        label={t('stores.location')}
        error={payload.errorOf('location')}
        value={location}
        onChange={(e) => setLocation(e.currentTarget.value)}
      />
      <Select
        label={t('stores.status')}
        error={payload.errorOf('isActive')}
        data={['Active', 'Inactive'].map((value) => ({ value, label: t(`stores.statuses.${value}`) }))}
        value={status}
        onChange={setStatus}
      />
      <NumberInput
        label={t('stores.tolerance')}
        description={t('stores.toleranceHelp')}
        error={payload.errorOf('countTolerancePercent')}
        min={0}
        max={100}
        allowDecimal={false}
        value={tolerance}
        onChange={setTolerance}
      />
      <NumberInput
        label={t('batches.warningDays')}
        error={payload.errorOf('expiryWarningDays')}
        min={0}
        max={365}
        allowDecimal={false}
        value={warningDays}
        onChange={setWarningDays}
      />
      <Checkbox
        label={t('stores.requireJob')}
        description={t('stores.requireJobHelp')}
        checked={requireJob}
        onChange={(event) => setRequireJob(event.currentTarget.checked)}
      />
      <Checkbox
        label={t('stores.signatureOnHandover')}
        description={t('stores.signatureOnHandoverHelp')}
        checked={signatureOnHandover}
        onChange={(event) => setSignatureOnHandover(event.currentTarget.checked)}
      />
      <DialogButtons onCancel={onClose} action={t('common.saveChanges')} isBusy={updateStore.isPending} />
    </FormStack>
  );
}
