import {
  batchRequired,
  COST_CODE_REQUIRED,
  DAMAGE_EXCEEDS_AVAILABLE,
  JOB_REQUIRED,
  MATERIAL_REFUND_EXCEEDS,
  type Product,
  type SyncOpKind,
} from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minusQuantity, plusQuantity } from '../../../lib/quantities';
import { getToken } from '../../../lib/session';
import { ItemPicker, MovementForm, type MovementFormProps, type OfflineMovement } from '../../offline';
import { type MaterialMovement, materialMovementCalls, useMoveMaterial } from '../api/material-movements';
import { materialPickerQuery } from '../api/materials';
import { BatchFields } from '../components/batch-fields';
import { JobFields, type MovementExtras, UnitCostField, useJobRequirement } from '../components/movement-extras';

type Screen = Pick<MovementFormProps<Product>, 'maxQuantity'> & {
  /** Whether the screen asks before it records (a return asks), and shows a busy text while it sends. */
  asks?: boolean;
  exceeds?: (product: Product, quantity: number) => string | null;
};

/** The rules of each keeper material screen; their texts are under `movement.<kind>` in each language. */
const screens: Record<MaterialMovement, Screen> = {
  issue: {},
  damage: {
    maxQuantity: (product) => product.availableQuantity,
    exceeds: (product, quantity) => (quantity > product.availableQuantity ? DAMAGE_EXCEEDS_AVAILABLE : null),
  },
  return: {
    asks: true,
    maxQuantity: (product) => product.consumedQuantity,
    exceeds: (product, quantity) => (quantity > product.consumedQuantity ? MATERIAL_REFUND_EXCEEDS : null),
  },
  purchase: {},
  transfer: {},
};

/** The op each screen queues on the phone, and what it does to the material's numbers. */
const offlineOps: Record<MaterialMovement, { kind: SyncOpKind; after: (product: Product, quantity: number) => Partial<Product> }> = {
  issue: {
    kind: 'issue',
    after: (p, q) => ({ availableQuantity: minusQuantity(p.availableQuantity, q), consumedQuantity: plusQuantity(p.consumedQuantity, q) }),
  },
  damage: {
    kind: 'damage',
    after: (p, q) => ({ availableQuantity: minusQuantity(p.availableQuantity, q), damagedQuantity: plusQuantity(p.damagedQuantity, q) }),
  },
  return: {
    kind: 'return',
    after: (p, q) => ({
      availableQuantity: plusQuantity(p.availableQuantity, q),
      consumedQuantity: minusQuantity(p.consumedQuantity, q),
      refundQuantity: plusQuantity(p.refundQuantity, q),
    }),
  },
  purchase: {
    kind: 'restock',
    after: (p, q) => ({ availableQuantity: plusQuantity(p.availableQuantity, q), restockedQuantity: plusQuantity(p.restockedQuantity, q) }),
  },
  transfer: {
    kind: 'transfer',
    after: (p, q) => ({ availableQuantity: plusQuantity(p.availableQuantity, q), transferQuantity: plusQuantity(p.transferQuantity, q) }),
  },
};

/** The screens that bring stock in at a cost, and those that charge (or, for a return, credit) a job. */
const COSTED: readonly MaterialMovement[] = ['purchase', 'transfer'];
const CHARGED: readonly MaterialMovement[] = ['issue', 'damage', 'return'];
/** The screens that bring stock in, each batch with its expiry; of the rest, an issue takes no expired batch. */
const INBOUND: readonly MaterialMovement[] = ['purchase', 'transfer'];
const NO_EXPIRED: readonly MaterialMovement[] = ['issue'];
const NO_BATCH = { batch: null, expiresOn: '' };

/** What the screen's own fields add to the body and the op: only what this kind of movement carries, and only when filled in. */
function extrasOf(kind: MaterialMovement, extras: MovementExtras) {
  const unitCost = extras.unitCost.trim();
  return {
    ...(COSTED.includes(kind) && unitCost !== '' ? { unitCost } : {}),
    ...(CHARGED.includes(kind) && extras.jobId ? { jobId: extras.jobId } : {}),
    ...(kind !== 'return' && CHARGED.includes(kind) && extras.jobId && extras.costCode ? { costCode: extras.costCode } : {}),
    ...(extras.batch ? { batch: extras.batch } : {}),
    ...(extras.batch && INBOUND.includes(kind) && extras.expiresOn ? { expiresOn: extras.expiresOn } : {}),
  };
}

function offlineMaterial(kind: MaterialMovement, extras: MovementExtras): OfflineMovement<Product> {
  const { kind: opKind, after } = offlineOps[kind];
  return {
    op: (product) => ({
      kind: opKind,
      itemKind: 'material',
      itemId: product._id,
      storeId: product.storeId._id,
      itemName: product.name,
      itemUnit: product.unit,
      ...extrasOf(kind, extras),
    }),
    after: (product, quantity) => ({ ...product, ...after(product, quantity) }),
  };
}

export function MaterialMovementPage({ kind }: { kind: MaterialMovement }) {
  const move = useMoveMaterial(kind);
  const { t } = useTranslation();
  const { exceeds, asks, maxQuantity } = screens[kind];
  const [extras, setExtras] = useState<MovementExtras>({ unitCost: '', jobId: null, costCode: null, ...NO_BATCH });
  const requiresJob = useJobRequirement();
  const change = (next: Partial<MovementExtras>) => setExtras((current) => ({ ...current, ...next }));
  const base = materialMovementCalls[kind];
  const call = {
    ...base,
    body: (product: Product, quantity: number | undefined, reason: string) => ({
      ...(base.body(product, quantity, reason) as object),
      ...extrasOf(kind, extras),
    }),
  };
  return (
    <MovementForm<Product>
      key={kind}
      title={t(`movement.${kind}.title`)}
      quantityLabel={t(`movement.${kind}.quantity`)}
      buttonLabel={t(`movement.${kind}.button`)}
      busyLabel={asks ? t('movement.return.busy') : undefined}
      confirmMessage={asks ? t('movement.return.confirm') : undefined}
      failureText={t(`movement.${kind}.failure`)}
      maxQuantity={maxQuantity}
      call={call}
      offline={offlineMaterial(kind, extras)}
      extra={(product) => (
        <>
          <BatchFields
            product={product}
            isInbound={INBOUND.includes(kind)}
            takesOnlyUnexpired={NO_EXPIRED.includes(kind)}
            value={extras}
            onChange={change}
          />
          {COSTED.includes(kind) ? (
            <UnitCostField product={product} value={extras.unitCost} onChange={(unitCost) => change({ unitCost })} />
          ) : (
            <JobFields
              product={product}
              withCostCode={kind !== 'return'}
              required={kind !== 'return' && requiresJob(product)}
              value={extras}
              onChange={change}
            />
          )}
        </>
      )}
      extraValue={`${extras.unitCost} ${extras.jobId ?? ''} ${extras.costCode ?? ''} ${extras.batch ?? ''} ${extras.expiresOn}`}
      onRecorded={() => change(NO_BATCH)}
      validate={(product, quantity) => {
        if (!getToken()) return t('movement.notSignedIn');
        if (!product) return t('movement.selectProduct');
        if (product.tracksExpiry && INBOUND.includes(kind) && (!extras.batch?.trim() || !extras.expiresOn))
          return batchRequired(product.name);
        if (kind !== 'return' && CHARGED.includes(kind) && requiresJob(product)) {
          if (!extras.jobId) return JOB_REQUIRED;
          if (!extras.costCode) return COST_CODE_REQUIRED;
        }
        return quantity && exceeds ? exceeds(product, quantity) : null;
      }}
      picker={(value, onChange, onRefresh) => (
        <ItemPicker<Product>
          label={t('movement.material')}
          query={materialPickerQuery}
          offlineList="materials"
          value={value}
          onChange={onChange}
          onRefresh={onRefresh}
          describe={(product) => `${product.name}${product.unit ? ` (${product.unit})` : ''}`}
        />
      )}
      summary={(product) => [
        ['Available', product.availableQuantity],
        ['Issued', product.consumedQuantity],
        ['Damaged', product.damagedQuantity],
        ['Returned', product.refundQuantity],
        ['Purchases', product.restockedQuantity],
        ['Transfers', product.transferQuantity],
      ]}
      isBusy={move.isPending}
      submit={async (request) => {
        const answer = await move.mutateAsync(request);
        return { message: answer.message, item: answer.product };
      }}
    />
  );
}
