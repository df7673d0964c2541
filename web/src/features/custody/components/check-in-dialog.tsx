import { Group, SegmentedControl, SimpleGrid, Text, TextInput } from '@mantine/core';
import { type Custody, CustodyReturnRequestSchema, returnedCount, SIGNATURE_REQUIRED } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { WholeNumberInput } from '../../../lib/inputs';
import { usePayloadCheck } from '../../../lib/validation';
import { PhotoField, SignaturePad, uploadedPhotos, uploadFileOf } from '../../files';
import { LocationSwitch, useWhereabouts } from '../../offline';
import { useStoreOptions } from '../../stores';
import { useCheckIn } from '../api/custody';

const asCount = (value: string | number) => (value === '' ? 0 : Number(value));
type Condition = 'good' | 'damaged' | 'lost';

/** Checks tools back in: how many came back in good order, damaged or lost, and a note. */
export function CheckInDialog({ record, onClose }: { record: Custody | null; onClose: (message?: string) => void }) {
  const { t } = useTranslation();
  return (
    <DialogFor subject={record} keyOf={(subject) => subject._id} title={() => t('custody.checkIn')} onClose={() => onClose()}>
      {(subject) => <CheckInForm record={subject} onClose={onClose} />}
    </DialogFor>
  );
}

/** One record's check-in, all of it in good order to start with: a new record is a new intent. */
function CheckInForm({ record, onClose }: { record: Custody; onClose: (message?: string) => void }) {
  const checkIn = useCheckIn();
  const intent = useIdempotencyKey();
  const [good, setGood] = useState<string | number>(record.outstanding);
  const [damaged, setDamaged] = useState<string | number>(0);
  const [lost, setLost] = useState<string | number>(0);
  const [note, setNote] = useState('');
  // A serial tool's units come back each in its own condition, in good order to start with.
  const [conditions, setConditions] = useState<Record<string, Condition>>(() =>
    Object.fromEntries(record.units.map((unit) => [unit._id, 'good' as Condition])),
  );
  const [error, setError] = useState<string | null>(null);
  const [signature, setSignature] = useState<Blob | null>(null);
  const [photos, setPhotos] = useState<Blob[]>([]);
  const whereabouts = useWhereabouts();
  const stores = useStoreOptions();
  const asksSignature = Boolean(stores.data?.find((store) => store._id === record.store._id)?.signatureOnHandover);
  const payload = usePayloadCheck(CustodyReturnRequestSchema, ['good', 'damaged', 'lost', 'note']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const unitsIn = (condition: Condition) => record.units.filter((unit) => conditions[unit._id] === condition).map((unit) => unit._id);
    const isSerial = record.units.length > 0;
    const body = isSerial
      ? { good: unitsIn('good'), damaged: unitsIn('damaged'), lost: unitsIn('lost'), note }
      : { good: asCount(good), damaged: asCount(damaged), lost: asCount(lost), note };
    const back = returnedCount(body.good) + returnedCount(body.damaged) + returnedCount(body.lost);
    if (back === 0) return setError(t('checkIn.enterCounts'));
    if (back > record.outstanding) return setError(t('checkIn.onlyOut', { count: record.outstanding }));
    if (asksSignature && !signature) return setError(localMessage(SIGNATURE_REQUIRED));
    const data = payload.check(body);
    if (!data) return;
    try {
      const signed = signature ? await uploadFileOf(signature, 'signature.png') : undefined;
      const location = whereabouts.current();
      const proof = {
        ...(signed ? { signature: signed } : {}),
        // The same photos are the same files: a retry of this return sends the same body under its key.
        ...(await uploadedPhotos(photos)),
        ...(location ? { location } : {}),
      };
      const answer = await checkIn.mutateAsync({ id: record._id, body: { ...data, ...proof }, key: intent.key });
      intent.renew();
      onClose(localMessage(answer.message));
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('checkIn.failed')));
    }
  }

  const count = (label: string, field: 'good' | 'damaged' | 'lost', value: string | number, set: (value: string | number) => void) => ({
    label,
    error: payload.errorOf(field),
    value,
    onChange: intent.tracking(set),
  });

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error ?? payload.summary?.text ?? null} />
      <Text size="sm">{t('checkIn.outWith', { count: record.outstanding, tool: record.tool.name, worker: record.worker.name })}</Text>
      {record.units.length > 0 ? (
        record.units.map((unit) => (
          <Group key={unit._id} justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>
              {unit.serial}
            </Text>
            <SegmentedControl
              size="xs"
              aria-label={unit.serial}
              value={conditions[unit._id] ?? 'good'}
              onChange={intent.tracking((value: string) => setConditions({ ...conditions, [unit._id]: value as Condition }))}
              data={[
                { value: 'good', label: t('checkIn.good') },
                { value: 'damaged', label: t('checkIn.damaged') },
                { value: 'lost', label: t('checkIn.lost') },
              ]}
            />
          </Group>
        ))
      ) : (
        <SimpleGrid cols={3} spacing="xs">
          <WholeNumberInput {...count(t('checkIn.good'), 'good', good, setGood)} />
          <WholeNumberInput {...count(t('checkIn.damaged'), 'damaged', damaged, setDamaged)} />
          <WholeNumberInput {...count(t('checkIn.lost'), 'lost', lost, setLost)} />
        </SimpleGrid>
      )}
      <TextInput
        label={t('checkIn.note')}
        placeholder={t('checkIn.notePlaceholder')}
        error={payload.errorOf('note')}
        value={note}
        onChange={intent.tracking((e) => setNote(e.currentTarget.value))}
      />
      <SignaturePad
        label={t('custody.workerSignature', { worker: record.worker.name })}
        description={asksSignature ? t('custody.signatureAsked') : t('custody.signatureOptional')}
        isSigned={signature !== null}
        onChange={setSignature}
      />
      <PhotoField
        photos={photos}
        onChange={(next) => {
          setPhotos(next);
          intent.renew();
        }}
        description={t('files.photosSentWithReturn')}
      />
      <LocationSwitch isOn={whereabouts.isOn} state={whereabouts.state} onChange={whereabouts.setOn} />
      <DialogButtons onCancel={() => onClose()} action={t('custody.checkIn')} isBusy={checkIn.isPending} />
    </FormStack>
  );
}
