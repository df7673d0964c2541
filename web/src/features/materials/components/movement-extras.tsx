import { Select } from '@mantine/core';
import type { Product } from '@stockyard/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UnitCostInput } from '../../../lib/unit-cost-input';
import { useJobChoices } from '../../jobs';
import { useStoreOptions } from '../../stores';
import type { BatchChoice } from './batch-fields';

/** What the screen's own fields hold: a unit cost as typed, the job and cost code picked, and a batch of a material kept by batch. */
export type MovementExtras = BatchChoice & { unitCost: string; jobId: string | null; costCode: string | null };

/**
 * The unit cost of a purchase or transfer from the warehouse, in the company currency: filled in
 * with the material's current average once it is picked, which is what an empty field records.
 */
export function UnitCostField(props: { product: Product | null; value: string; onChange: (value: string) => void }) {
  const { product, onChange } = props;
  const average = product?.averageCost;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a material picked afresh brings its own average
  useEffect(() => onChange(average ?? ''), [product?._id]);
  return <UnitCostInput value={props.value} onChange={onChange} />;
}

/**
 * The job an issue, damage or return is charged to (a return credits it), among the open jobs that
 * draw from the material's store, and for an issue or damage the cost code; kept on the phone too.
 */
export function JobFields(props: {
  product: Product | null;
  withCostCode: boolean;
  /** The material's store requires every issue and damage to name a job and a cost code. */
  required?: boolean;
  value: MovementExtras;
  onChange: (value: Partial<MovementExtras>) => void;
}) {
  const { t } = useTranslation();
  const { jobs, costCodes } = useJobChoices();
  const storeId = props.product?.storeId._id;
  const choices = jobs.filter((job) => !storeId || job.stores.some((store) => store._id === storeId));
  return (
    <>
      <Select
        label={t('jobs.job')}
        required={props.required}
        placeholder={t('jobs.noJob')}
        clearable
        searchable
        data={choices.map((job) => ({ value: job._id, label: `${job.code} · ${job.name}` }))}
        value={props.value.jobId}
        onChange={(jobId) => props.onChange({ jobId, ...(jobId ? {} : { costCode: null }) })}
      />
      {props.withCostCode && (
        <Select
          label={t('jobs.costCode')}
          required={props.required}
          placeholder={t('jobs.noCostCode')}
          clearable
          searchable
          disabled={!props.value.jobId}
          data={costCodes.map((code) => ({ value: code.code, label: `${code.code} · ${code.name}` }))}
          value={props.value.costCode}
          onChange={(costCode) => props.onChange({ costCode })}
        />
      )}
    </>
  );
}

/** Whether a material's store requires a job on every issue and damage, as far as the caller's stores are known. */
export function useJobRequirement(): (product: Product | null) => boolean {
  const stores = useStoreOptions();
  return (product) => Boolean(product && stores.data?.find((store) => store._id === product.storeId._id)?.requireJob);
}
