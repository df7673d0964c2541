import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type PurchaseOrder, SupplierInvoiceCreateRequestSchema, sumMoney } from '@stockyard/contract';
import Big from 'big.js';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../lib/date-field';
import { FormStack } from '../../../lib/form-stack';
import { phoneToday } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { decimalsOfItem, QuantityInput } from '../../../lib/inputs';
import { type NoticeValue, saveWithNotice } from '../../../lib/notice';
import { minusQuantity } from '../../../lib/quantities';
import { UnitCostInput } from '../../../lib/unit-cost-input';
import { parsePayload } from '../../../lib/validation';
import { useOrdersOfSupplier } from '../../purchase-orders';
import { useSuppliers } from '../../suppliers';
import { useCreateInvoice } from '../api/supplier-invoices';

type Draft = { included: boolean; quantity: number | string; unitPrice: string };
type OrderLine = PurchaseOrder['lines'][number] & { orderNumber: string };

/** A line's amount to the cent, exactly (decimal arithmetic, never a binary float). */
function amountOf(draft: Draft): string {
  if (draft.quantity === '' || draft.unitPrice === '' || Number.isNaN(Number(draft.unitPrice))) return '0.00';
  return new Big(draft.unitPrice).times(draft.quantity).round(2, Big.roundHalfUp).toFixed(2);
}

/**
 * A supplier's invoice as the office enters it: the supplier, its number and day, and for each line of
 * that supplier's orders what it charges (prefilled with what arrived, less returns, at the order's
 * cost); the total starts as the lines' sum.
 */
export function NewInvoiceForm({ onDone }: { onDone: (notice: NoticeValue) => void }) {
  const { t } = useTranslation();
  const create = useCreateInvoice();
  const intent = useIdempotencyKey();
  const suppliers = useSuppliers('');
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const orders = useOrdersOfSupplier(supplierId);
  const [number, setNumber] = useState('');
  const [date, setDate] = useState(phoneToday());
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [total, setTotal] = useState<string | null>(null);
  const lines: OrderLine[] = (orders.data?.purchaseOrders ?? [])
    .filter((order) => order.status !== 'draft' && order.status !== 'cancelled')
    .flatMap((order) => order.lines.map((line) => ({ ...line, orderNumber: order.number })));
  const draftOf = (line: OrderLine): Draft =>
    drafts[line._id] ?? { included: false, quantity: Math.max(0, minusQuantity(line.received, line.returned)), unitPrice: line.unitCost };
  const included = lines.filter((line) => draftOf(line).included);
  const sum = sumMoney(included.map((line) => amountOf(draftOf(line))));

  function change(line: OrderLine, part: Partial<Draft>) {
    setDrafts((current) => ({ ...current, [line._id]: { ...draftOf(line), ...part } }));
    intent.renew();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      supplierId: supplierId ?? '',
      number,
      date,
      total: total ?? sum,
      lines: included.map((line) => ({
        purchaseOrderLineId: line._id,
        quantity: Number(draftOf(line).quantity),
        unitPrice: draftOf(line).unitPrice,
      })),
    };
    const parsed = parsePayload(SupplierInvoiceCreateRequestSchema, body);
    if ('problem' in parsed) return onDone({ ok: false, text: parsed.problem });
    const send = () => intent.send((key) => create.mutateAsync({ ...parsed.data, key }));
    if (!(await saveWithNotice(send, onDone, t('invoices.saveFailed')))) return;
    setNumber('');
    setDrafts({});
    setTotal(null);
  }

  return (
    <FormStack onSubmit={(event) => void submit(event)}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('invoices.supplier')}
          required
          searchable
          data={(suppliers.data?.suppliers ?? []).map((supplier) => ({ value: supplier._id, label: supplier.name }))}
          value={supplierId}
          onChange={(value) => {
            setSupplierId(value);
            setDrafts({});
            intent.renew();
          }}
        />
        <TextInput
          label={t('invoices.number')}
          required
          value={number}
          onChange={(e) => intent.tracking(setNumber)(e.currentTarget.value)}
        />
        <DateField label={t('invoices.date')} required value={date} onChange={(day) => intent.tracking(setDate)(day)} />
      </SimpleGrid>
      {supplierId && lines.length === 0 && !orders.isPending && <Text size="sm">{t('invoices.noOrders')}</Text>}
      <Stack gap="xs">
        {lines.map((line) => {
          const draft = draftOf(line);
          return (
            <Stack key={line._id} gap={4} role="group" aria-label={t('invoices.lineOf', { name: line.name, order: line.orderNumber })}>
              <Checkbox
                label={`${line.orderNumber} · ${line.name} · ${t('invoices.receivedOf', { received: minusQuantity(line.received, line.returned), ordered: line.quantity, unit: line.unit })}`}
                checked={draft.included}
                onChange={(event) => change(line, { included: event.currentTarget.checked })}
              />
              {draft.included && (
                <SimpleGrid cols={2} spacing="xs">
                  <QuantityInput
                    decimals={decimalsOfItem(line)}
                    label={t('invoices.quantity')}
                    value={draft.quantity}
                    onChange={(value) => change(line, { quantity: value })}
                  />
                  <UnitCostInput value={draft.unitPrice} onChange={(value) => change(line, { unitPrice: value })} />
                </SimpleGrid>
              )}
            </Stack>
          );
        })}
      </Stack>
      <Group align="flex-end">
        <TextInput
          label={t('invoices.total')}
          description={t('invoices.sumOfLines', { sum })}
          required
          inputMode="decimal"
          value={total ?? sum}
          onChange={(e) => intent.tracking(setTotal)(e.currentTarget.value)}
        />
        <Button type="submit" loading={create.isPending} disabled={included.length === 0}>
          {t('invoices.create')}
        </Button>
      </Group>
    </FormStack>
  );
}
