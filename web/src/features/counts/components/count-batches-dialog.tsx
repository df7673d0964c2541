import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { CountLine } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api';
import { DateField } from '../../../lib/date-field';
import { dayText } from '../../../lib/day-text';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { decimalsOfItem, QuantityInput } from '../../../lib/inputs';
import { plusQuantity } from '../../../lib/quantities';
import { useMaterialBatches } from '../../materials';
import { useEnterCount } from '../api/counts';

/** A batch as counted in the dialog; `id` keeps a new one's fields while its name is typed. */
type Row = { id: string; batch: string; expiresOn: string | null; counted: number | string; isNew: boolean };

/** A material kept by batch counted batch by batch: each batch in stock (none counted unless typed), and any found that the books lack. */
export function CountBatchesDialog(props: { countId: string; line: CountLine | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogFor
      subject={props.line}
      keyOf={(line) => line.itemId}
      title={(line) => t('counts.byBatchOf', { name: line.name })}
      onClose={props.onClose}
    >
      {(line) => <CountBatchesForm countId={props.countId} line={line} onClose={props.onClose} />}
    </DialogFor>
  );
}

function CountBatchesForm({ countId, line, onClose }: { countId: string; line: CountLine; onClose: () => void }) {
  const { t } = useTranslation();
  const enter = useEnterCount(countId);
  const inStock = useMaterialBatches({ _id: line.itemId, tracksExpiry: true });
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What was counted before, else the batches in stock, each to be counted.
  const shown: Row[] =
    rows ??
    (line.batches ?? inStock.data?.batches ?? []).map((batch) => ({
      id: batch.batch,
      batch: batch.batch,
      expiresOn: batch.expiresOn,
      counted: 'counted' in batch && batch.counted !== null ? batch.counted : '',
      isNew: false,
    }));
  const change = (index: number, next: Partial<Row>) => setRows(shown.map((row, at) => (at === index ? { ...row, ...next } : row)));
  const total = shown.reduce((sum, row) => plusQuantity(sum, Number(row.counted || 0)), 0);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const batches = shown
      .filter((row) => row.batch.trim() !== '')
      .map((row) => ({
        batch: row.batch.trim(),
        counted: Number(row.counted || 0),
        ...(row.isNew && row.expiresOn ? { expiresOn: row.expiresOn } : {}),
      }));
    try {
      await enter.mutateAsync({ itemId: line.itemId, counted: total, batches });
      onClose();
    } catch (caught) {
      setError(messageOf(caught, t('counts.saveFailed')));
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error} />
      {inStock.isPending && !line.batches && <Text size="sm">{t('common.loading')}</Text>}
      <Stack gap="xs">
        {shown.map((row, index) =>
          row.isNew ? (
            <Group key={row.id} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label={t('batches.batch')}
                required
                maxLength={50}
                value={row.batch}
                onChange={(e) => change(index, { batch: e.currentTarget.value })}
              />
              <DateField
                label={t('batches.expiresOn')}
                required
                value={row.expiresOn ?? ''}
                onChange={(expiresOn) => change(index, { expiresOn })}
              />
              <QuantityInput
                label={t('counts.counted')}
                decimals={decimalsOfItem(line)}
                w={90}
                value={row.counted}
                onChange={(counted) => change(index, { counted })}
              />
            </Group>
          ) : (
            <Group key={row.batch} gap="xs" wrap="nowrap" justify="space-between">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {row.batch}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.expiresOn ? t('batches.expiresOnDay', { day: dayText(row.expiresOn) }) : t('batches.noExpiry')}
                </Text>
              </div>
              <QuantityInput
                aria-label={t('counts.countedBatch', { batch: row.batch })}
                decimals={decimalsOfItem(line)}
                w={96}
                value={row.counted}
                onChange={(counted) => change(index, { counted })}
              />
            </Group>
          ),
        )}
      </Stack>
      <Button
        variant="light"
        size="xs"
        onClick={() => setRows([...shown, { id: newIdempotencyKey(), batch: '', expiresOn: '', counted: '', isNew: true }])}
      >
        {t('counts.addBatch')}
      </Button>
      <Text size="sm" fw={600}>
        {t('counts.batchTotal', { total, unit: line.unit })}
      </Text>
      <DialogButtons onCancel={onClose} action={t('common.saveChanges')} isBusy={enter.isPending} />
    </FormStack>
  );
}
