import { Button, Card, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { PageCard } from '../app/layouts/page-card';
import { Notice } from '../lib/notice';
import { ApiError, messageOf } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { FormStack } from './form-stack';
import { newIdempotencyKey } from './idempotency-key';

export type MovementFormProps<T> = {
  title: string;
  /** Renders the picker for the item; the form owns the selection. */
  picker: (value: T | null, onChange: (item: T | null) => void) => ReactNode;
  quantityLabel: string;
  defaultQuantity?: number;
  buttonLabel: string;
  busyLabel?: string;
  /** The most the input lets a keeper type for this item (SPEC.md: damage up to available, return up to consumed). */
  maxQuantity?: (item: T) => number;
  /** A message when the input cannot be sent; null when it can. */
  validate?: (item: T | null, quantity: number | null) => string | null;
  confirmMessage?: string;
  reasonLabel?: string;
  /** The item's numbers, shown once picked and refreshed from the server's answer. */
  summary: (item: T) => [string, number][];
  submit: (input: { item: T; quantity: number; reason: string; idempotencyKey: string }) => Promise<{ message: string; item: T }>;
  isBusy: boolean;
  failureText: string;
};

/**
 * One stock movement form: pick an item, enter a quantity, send. The numbers shown afterwards are
 * the server's. A retry of the same entry reuses its idempotency key, so it is recorded once.
 */
export function MovementForm<T>(props: MovementFormProps<T>) {
  const [item, setItem] = useState<T | null>(null);
  const [quantity, setQuantity] = useState<number | string>(props.defaultQuantity ?? '');
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);

  const max = item && props.maxQuantity ? props.maxQuantity(item) : undefined;
  const numeric = quantity === '' ? null : Number(quantity);

  function change<V>(setter: (value: V) => void) {
    return (value: V) => {
      setter(value);
      setKey(newIdempotencyKey());
    };
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const problem =
      props.validate?.(item, numeric) ??
      (!item ? 'Please select an item.' : !numeric || !Number.isInteger(numeric) || numeric < 1 ? 'Please enter a valid quantity.' : null);
    if (problem) {
      setResult({ ok: false, text: problem });
      return;
    }
    if (props.confirmMessage) setConfirming(true);
    else void send();
  }

  async function send() {
    setConfirming(false);
    if (!item || !numeric) return;
    try {
      const answer = await props.submit({ item, quantity: numeric, reason: reason.trim(), idempotencyKey: key });
      setItem(answer.item);
      setQuantity(props.defaultQuantity ?? '');
      setReason('');
      setResult({ ok: true, text: answer.message });
      setKey(newIdempotencyKey());
    } catch (error) {
      const isAnswer = error instanceof ApiError && error.status > 0;
      // A definitive answer ends this entry; a lost connection keeps its key for the next press.
      if (isAnswer) setKey(newIdempotencyKey());
      setResult({ ok: false, text: messageOf(error, props.failureText) });
    }
  }

  return (
    <PageCard title={props.title} narrow>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={result} />
        {props.picker(item, change(setItem))}
        {item && (
          <Card withBorder padding="sm" aria-label="Current stock">
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
              {props.summary(item).map(([label, value]) => (
                <div key={label}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text fw={600} data-testid={`stock-${label}`}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Card>
        )}
        <NumberInput
          label={props.quantityLabel}
          required
          min={1}
          max={max}
          clampBehavior={max === undefined ? 'blur' : 'strict'}
          allowDecimal={false}
          allowNegative={false}
          value={quantity}
          onChange={change(setQuantity)}
        />
        {props.reasonLabel && (
          <TextInput label={props.reasonLabel} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={1000} />
        )}
        <Button type="submit" disabled={props.isBusy} size="md">
          {props.isBusy && props.busyLabel ? props.busyLabel : props.buttonLabel}
        </Button>
      </FormStack>
      {props.confirmMessage && (
        <ConfirmDialog
          opened={isConfirming}
          message={props.confirmMessage}
          confirmLabel="Yes"
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </PageCard>
  );
}
