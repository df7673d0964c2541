import { Button, Card, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DECIMALS_MAX, type Location, type SyncOpKind } from '@stockyard/contract';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { localMessage } from '../../../i18n/local-message';
import { ApiError, isConnectionLost, messageOf } from '../../../lib/api';
import { FormStack } from '../../../lib/form-stack';
import { localNumber } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { decimalsOfItem, QuantityInput } from '../../../lib/inputs';
import { LazyConfirmDialog } from '../../../lib/lazy-confirm-dialog';
import type { MovementCall } from '../../../lib/movement-call';
import { Notice } from '../../../lib/notice';
import { timesFactor } from '../../../lib/quantities';
import { signedInUser } from '../../../lib/session';
import { parsePayload } from '../../../lib/validation';
import { PhotoField } from '../../files';
import { enqueue, remove, removeRefused } from '../outbox';
import { syncNow } from '../sync';
import { useWhereabouts } from '../whereabouts';
import { LocationSwitch } from './location-switch';
import { stockUnitOf, UnitChoice, unitsOfItem } from './unit-choice';

/** What a movement form puts in the phone's outbox: the op's kind and item, and the item as it stands after it. */
export type OfflineMovement<T> = {
  op: (item: T) => {
    kind: SyncOpKind;
    itemKind: 'material' | 'tool';
    itemId: string;
    storeId: string;
    itemName: string;
    /** The item's stock unit, for the outbox's list. */
    itemUnit: string;
    /** Another unit of the material's the quantity is entered in. */
    unit?: string;
    /** A tool issue's worker (and their name, for Tools out while it waits), and the day the tools are due back. */
    workerId?: string;
    workerName?: string;
    dueAt?: string;
    /** What each unit cost (a purchase or transfer from the warehouse), and the job and cost code an issue is charged to. */
    unitCost?: string;
    jobId?: string;
    costCode?: string;
    /** Of a material kept by batch: the batch it moves, and a new batch's expiry. */
    batch?: string;
    expiresOn?: string;
  };
  /** The item's numbers once this movement is applied, shown until the server's arrive. */
  after: (item: T, quantity: number) => T;
};

export type MovementFormProps<T> = {
  title: string;
  /**
   * Renders the picker for the item; the form owns the selection. `onChange` is a new pick (a new
   * intent); `onRefresh` is the picked item's newer numbers, which keep the intent and its key.
   */
  picker: (value: T | null, onChange: (item: T | null) => void, onRefresh: (item: T) => void) => ReactNode;
  quantityLabel: string;
  defaultQuantity?: number;
  buttonLabel: string;
  busyLabel?: string;
  /** The most the input lets a keeper type for this item (damage up to available, return up to consumed). */
  maxQuantity?: (item: T) => number;
  /** The screen's own checks with its own texts (no item picked, more than the item has), before the body's schema. */
  validate?: (item: T | null, quantity: number | null) => string | null;
  confirmMessage?: string;
  reasonLabel?: string;
  /** The item's numbers, shown once picked and refreshed from the server's answer. */
  summary: (item: T) => [string, number][];
  call: MovementCall<T>;
  submit: (input: { body: unknown; idempotencyKey: string }) => Promise<{ message: string; item: T }>;
  isBusy: boolean;
  failureText: string;
  /** More fields of the screen's own, under the quantity (drawn for the item picked, when they depend on it). */
  extra?: ReactNode | ((item: T | null) => ReactNode);
  /** What those fields hold: when it changes, the entry is a new intent (a new idempotency key). */
  extraValue?: string;
  /**
   * How the movement waits on the phone: it goes into the outbox before it is sent, leaves it when the
   * server answers, and stays there to be synced when there is no signal or no answer.
   */
  offline?: OfflineMovement<T>;
  /** Whether a recorded entry also clears the picked item, so the next one starts afresh (a hand-over to a worker). */
  clearsItem?: boolean;
  /** Called once an entry is recorded, on the server or on the phone, to clear the screen's own fields. */
  onRecorded?: () => void;
  /** The worker's signature a hand-over was taken with: kept with its op, and carried by it when it syncs. */
  signature?: Blob | null;
};

/**
 * One stock movement form: pick an item, enter a quantity, send a body the contract's schema
 * accepts. The numbers shown afterwards are the server's. A retry of the same entry reuses its
 * idempotency key, so it is recorded once.
 */
export function MovementForm<T>(props: MovementFormProps<T>) {
  const [item, setItem] = useState<T | null>(null);
  /**
   * The item as it stood before the server's last answer: a list fetched before that answer and arriving
   * after it brings exactly these numbers back, and must not replace the answer's.
   */
  const before = useRef<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(props.defaultQuantity ?? '');
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<Blob[]>([]);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [body, setBody] = useState<unknown>(null);
  const intent = useIdempotencyKey();
  const whereabouts = useWhereabouts();
  /** Where the phone was for the entry under this key: a retry of it sends the same place, so the server sees the same entry. */
  const located = useRef<{ key: string; location?: Location } | null>(null);
  const { t } = useTranslation();

  const { renew } = intent;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the screen's own fields is a new intent
  useEffect(() => renew(), [props.extraValue]);

  const units = unitsOfItem(item);
  const [unit, setUnit] = useState<string | null>(null);
  const factor = units.find((other) => other.name === unit)?.factor ?? null;
  // A material picked afresh is entered in its stock unit until another is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a different item resets the unit
  useEffect(() => setUnit(null), [item && typeof item === 'object' && '_id' in item ? item._id : null]);
  /** The most, in stock units; only the stock unit's field is held to it as typed. */
  const max = item && props.maxQuantity && factor === null ? props.maxQuantity(item) : undefined;
  /** A material takes its own decimals in its stock unit (another unit's entry is checked on its way in); a tool is whole. */
  const decimals = factor !== null ? DECIMALS_MAX : decimalsOfItem(item, 0);
  const numeric = quantity === '' ? null : Number(quantity);
  /** What the entry is in the stock unit, for the screen's own checks and the numbers shown once queued. */
  const inStock = numeric === null || factor === null ? numeric : timesFactor(numeric, factor);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const problem = props.validate?.(item, inStock) ?? (item ? null : t('movement.selectItem'));
    if (problem || !item) {
      setResult({ ok: false, text: problem ? localMessage(problem) : t('movement.selectItem') });
      return;
    }
    const entered = props.call.body(item, numeric ?? undefined, reason.trim()) as object;
    const parsed = parsePayload(props.call.schema, unit ? { ...entered, unit } : entered);
    if ('problem' in parsed) {
      setResult({ ok: false, text: localMessage(parsed.problem) });
      return;
    }
    if (located.current?.key !== intent.key) located.current = { key: intent.key, location: whereabouts.current() };
    const location = located.current.location;
    const payload = location ? { ...(parsed.data as object), location } : parsed.data;
    setBody(payload);
    if (props.confirmMessage) setConfirming(true);
    else void send(payload);
  }

  async function send(payload: unknown) {
    setConfirming(false);
    const queued = await queue();
    const recordedOnPhone = () => {
      if (queued && item) setItem(queued.after(item, queued.quantity));
      done(t('outbox.recordedOnPhone'));
    };
    if (queued && !navigator.onLine) return recordedOnPhone();
    try {
      const answer = await props.submit({ body: payload, idempotencyKey: intent.key });
      if (queued) await remove(intent.key);
      // The photos follow the line by the entry's id, so a weak signal never holds back the entry itself.
      if (queued?.hasPhotos) void syncNow();
      before.current = item ? JSON.stringify(item) : null;
      setItem(answer.item);
      done(localMessage(answer.message));
    } catch (error) {
      // No answer, or the server failed: the op waits in the outbox and is sent again under the same id.
      if (queued && (isConnectionLost(error) || (error instanceof ApiError && error.status >= 500))) return recordedOnPhone();
      if (queued) await removeRefused(intent.key);
      intent.settle(error);
      setResult({ ok: false, text: messageOf(error, props.failureText) });
    }
  }

  /** Puts the entry and its photos in the outbox under its idempotency key, before anything is sent. */
  async function queue() {
    const user = signedInUser();
    if (!props.offline || !item || !user || numeric === null) return null;
    const kept = await Promise.all(photos.map(async (photo) => ({ bytes: await photo.arrayBuffer(), type: photo.type })));
    const signature = props.signature ? { bytes: await props.signature.arrayBuffer(), type: props.signature.type } : undefined;
    const location = located.current?.key === intent.key ? located.current.location : undefined;
    await enqueue(
      {
        ...props.offline.op(item),
        ...(location ? { location } : {}),
        opId: intent.key,
        quantity: numeric,
        ...(unit ? { unit } : {}),
        reason: reason.trim(),
        capturedAt: new Date().toISOString(),
        userId: user.userId,
      },
      kept,
      signature,
    );
    return { after: props.offline.after, quantity: inStock ?? numeric, hasPhotos: kept.length > 0 };
  }

  function done(message: string) {
    setQuantity(props.defaultQuantity ?? '');
    setReason('');
    setPhotos([]);
    if (props.clearsItem) setItem(null);
    props.onRecorded?.();
    setResult({ ok: true, text: message });
    intent.renew();
  }

  return (
    <PageCard title={props.title} narrow>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={result} />
        {props.picker(
          item,
          intent.tracking((picked: T | null) => {
            before.current = null;
            setItem(picked);
          }),
          (fresh) => {
            if (before.current !== JSON.stringify(fresh)) setItem(fresh);
          },
        )}
        {item && (
          <Card withBorder padding="sm" aria-label={t('movement.currentStock')}>
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
              {props.summary(item).map(([label, value]) => (
                <div key={label}>
                  <Text size="xs" c="dimmed">
                    {t(`movement.stock.${label}`, { defaultValue: label })}
                  </Text>
                  <Text fw={600} data-testid={`stock-${label}`}>
                    {localNumber(value)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Card>
        )}
        <QuantityInput
          label={props.quantityLabel}
          required
          decimals={decimals}
          min={10 ** -decimals}
          max={max}
          clampBehavior={max === undefined ? 'blur' : 'strict'}
          value={quantity}
          onChange={intent.tracking(setQuantity)}
        />
        {item && units.length > 0 && (
          <UnitChoice stockUnit={stockUnitOf(item)} units={units} value={unit} onChange={intent.tracking(setUnit)} />
        )}
        {typeof props.extra === 'function' ? props.extra(item) : props.extra}
        {props.reasonLabel && (
          <TextInput
            label={props.reasonLabel}
            value={reason}
            onChange={(e) => intent.tracking(setReason)(e.currentTarget.value)}
            maxLength={1000}
          />
        )}
        {props.offline && <PhotoField photos={photos} onChange={setPhotos} />}
        {props.offline && <LocationSwitch isOn={whereabouts.isOn} state={whereabouts.state} onChange={whereabouts.setOn} />}
        <Button type="submit" disabled={props.isBusy} size="md">
          {props.isBusy && props.busyLabel ? props.busyLabel : props.buttonLabel}
        </Button>
      </FormStack>
      {props.confirmMessage && (
        <LazyConfirmDialog
          opened={isConfirming}
          message={props.confirmMessage}
          confirmLabel={t('common.yes')}
          onConfirm={() => void send(body)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </PageCard>
  );
}
