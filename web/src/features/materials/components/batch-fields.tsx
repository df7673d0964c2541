import { Select, TextInput } from '@mantine/core';
import type { BatchListResponse, Product, StockBatch } from '@stockyard/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../lib/date-field';
import { dayText } from '../../../lib/day-text';
import { localNumber, phoneToday } from '../../../lib/format';
import { useKeptList } from '../../offline';
import { useMaterialBatches } from '../api/materials';

/** The batch a movement of a material kept by batch names, and the day a batch brought in expires. */
export type BatchChoice = { batch: string | null; expiresOn: string };

/**
 * A material's batches in stock as the server has them or, with no signal, as the phone kept them
 * (expired as of the phone's day).
 */
function useBatchesHere(
  product: Product | null,
  server: { data?: BatchListResponse; isError: boolean; isPaused: boolean },
): BatchListResponse['batches'] {
  const { kept } = useKeptList<StockBatch>(product?.tracksExpiry ? 'batches' : undefined, server);
  if (server.data || !kept || !product) return server.data?.batches ?? [];
  const today = phoneToday();
  return kept.rows
    .filter((row) => row.materialId === product._id)
    .map((row) => ({ ...row, isExpired: row.expiresOn !== null && row.expiresOn < today }));
}

/**
 * For a material kept by batch: what comes in names its batch and expiry; what goes out may name a
 * batch in stock (an issue only one that has not expired), or none to take the soonest expiry first.
 */
export function BatchFields(props: {
  product: Product | null;
  /** Stock coming in (a purchase, a transfer from the warehouse) names a new or known batch and its expiry. */
  isInbound: boolean;
  /** An issue may not take an expired batch. */
  takesOnlyUnexpired: boolean;
  value: BatchChoice;
  onChange: (value: Partial<BatchChoice>) => void;
}) {
  const { t } = useTranslation();
  const batches = useMaterialBatches(props.isInbound ? null : props.product);
  const inStock = useBatchesHere(props.isInbound ? null : props.product, batches);
  const { onChange } = props;
  // A batch is of one material: another material picked starts with none.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a different material clears the batch
  useEffect(() => onChange({ batch: null, expiresOn: '' }), [props.product?._id]);
  if (!props.product?.tracksExpiry) return null;
  if (props.isInbound) {
    return (
      <>
        <TextInput
          label={t('batches.batch')}
          required
          maxLength={50}
          value={props.value.batch ?? ''}
          onChange={(event) => props.onChange({ batch: event.currentTarget.value || null })}
        />
        <DateField
          label={t('batches.expiresOn')}
          required
          value={props.value.expiresOn}
          onChange={(expiresOn) => props.onChange({ expiresOn })}
        />
      </>
    );
  }
  const unit = props.product.unit;
  const data = inStock.map((row) => ({
    value: row.batch,
    label: t(row.isExpired ? 'batches.optionExpired' : 'batches.option', {
      batch: row.batch,
      day: row.expiresOn ? dayText(row.expiresOn) : '—',
      quantity: localNumber(row.quantity),
      unit,
    }),
    disabled: row.isExpired && props.takesOnlyUnexpired,
  }));
  return (
    <Select
      label={t('batches.batch')}
      placeholder={t('batches.soonestFirst')}
      clearable
      data={data}
      value={props.value.batch}
      onChange={(batch) => props.onChange({ batch })}
    />
  );
}
