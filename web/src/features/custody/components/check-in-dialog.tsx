import { Button, Group, Modal, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { type Custody, CustodyReturnRequestSchema } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { parsePayload } from '../../../lib/validation';
import { useCheckIn } from '../api/custody';

const asCount = (value: string | number) => (value === '' ? 0 : Number(value));

/** Checks tools back in: how many came back in good order, damaged or lost, and a note. */
export function CheckInDialog({ record, onClose }: { record: Custody | null; onClose: (message?: string) => void }) {
  const checkIn = useCheckIn();
  const intent = useIdempotencyKey();
  const [good, setGood] = useState<string | number>(0);
  const [damaged, setDamaged] = useState<string | number>(0);
  const [lost, setLost] = useState<string | number>(0);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const { renew } = intent;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new record to check in is a new intent
  useEffect(() => {
    setGood(record?.outstanding ?? 0);
    setDamaged(0);
    setLost(0);
    setNote('');
    setError(null);
    renew();
  }, [record]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!record) return;
    const body = { good: asCount(good), damaged: asCount(damaged), lost: asCount(lost), note };
    const back = body.good + body.damaged + body.lost;
    if (back === 0) return setError(t('checkIn.enterCounts'));
    if (back > record.outstanding) return setError(t('checkIn.onlyOut', { count: record.outstanding }));
    const parsed = parsePayload(CustodyReturnRequestSchema, body);
    if ('problem' in parsed) return setError(parsed.problem);
    try {
      const answer = await checkIn.mutateAsync({ id: record._id, body: parsed.data, key: intent.key });
      renew();
      onClose(localMessage(answer.message));
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('checkIn.failed')));
    }
  }

  return (
    <Modal opened={record !== null} onClose={() => onClose()} title={t('custody.checkIn')} centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        {record && (
          <Text size="sm">{t('checkIn.outWith', { count: record.outstanding, tool: record.tool.name, worker: record.worker.name })}</Text>
        )}
        <SimpleGrid cols={3} spacing="xs">
          <NumberInput
            label={t('checkIn.good')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={good}
            onChange={intent.tracking(setGood)}
          />
          <NumberInput
            label={t('checkIn.damaged')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={damaged}
            onChange={intent.tracking(setDamaged)}
          />
          <NumberInput
            label={t('checkIn.lost')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={lost}
            onChange={intent.tracking(setLost)}
          />
        </SimpleGrid>
        <TextInput
          label={t('checkIn.note')}
          placeholder={t('checkIn.notePlaceholder')}
          value={note}
          onChange={intent.tracking((e) => setNote(e.currentTarget.value))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={checkIn.isPending}>
            {t('custody.checkIn')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
