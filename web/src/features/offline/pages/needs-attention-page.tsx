import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { isPoReceiptOp, type ParkedMovement } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { dayAndTime } from '../../../lib/format';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { type ReceiptLineCount, useApplyParked, useDiscardParked, useParked } from '../api/parked';
import { opKindLabel } from '../op-kinds';
import { dismissRejected, type RejectedOp } from '../outbox';
import { useOutbox } from '../use-outbox';

/** A parked receipt's lines, each with what arrived whole and damaged, as the person will record them. */
function ReceiptLinesInput({
  parked,
  lines,
  onChange,
}: {
  parked: ParkedMovement;
  lines: ReceiptLineCount[];
  onChange: (lines: ReceiptLineCount[]) => void;
}) {
  const { t } = useTranslation();
  const named = new Map((parked.receipt?.lines ?? []).map((line) => [line.lineId, line]));
  const set = (lineId: string, change: Partial<ReceiptLineCount>) =>
    onChange(lines.map((line) => (line.lineId === lineId ? { ...line, ...change } : line)));
  return (
    <Stack gap={6}>
      {lines.map((line) => (
        <SimpleGrid key={line.lineId} cols={2} spacing="xs" role="group" aria-label={named.get(line.lineId)?.name}>
          <NumberInput
            label={t('attention.receiptLine', { name: named.get(line.lineId)?.name ?? '' })}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={line.received}
            onChange={(value) => set(line.lineId, { received: Number(value) || 0 })}
          />
          <NumberInput
            label={t('checkIn.damaged')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={line.damaged}
            onChange={(value) => set(line.lineId, { damaged: Number(value) || 0 })}
          />
        </SimpleGrid>
      ))}
    </Stack>
  );
}

/** What a parked op holds, in a line: a movement's quantity of its item, or the order a receipt is against. */
function parkedWhat(parked: ParkedMovement, name: string): string {
  const kind = opKindLabel(parked.kind);
  if (parked.receipt) return i18n.t('attention.receiptOf', { number: parked.receipt.purchaseOrder.number });
  const what = i18n.t('attention.what', { kind, quantity: parked.quantity, unit: parked.unit, name });
  return parked.worker ? `${what} ${i18n.t('attention.toWorker', { worker: parked.worker.name })}` : what;
}

/** One parked movement: what was recorded, why the server held it, and the two ways to end it. */
function ParkedCard({ parked, onDone }: { parked: ParkedMovement; onDone: (notice: NoticeValue) => void }) {
  const apply = useApplyParked();
  const discard = useDiscardParked();
  // A shortage suggests what is there; the keeper may type any other quantity.
  const [quantity, setQuantity] = useState<number | string>(
    parked.code === 'insufficient_stock' && parked.available ? Math.min(parked.available, parked.quantity) : parked.quantity,
  );
  const [lines, setLines] = useState<ReceiptLineCount[]>(
    (parked.receipt?.lines ?? []).map(({ lineId, received, damaged }) => ({ lineId, received, damaged })),
  );
  const [isDiscarding, setDiscarding] = useState(false);
  const [reason, setReason] = useState('');
  const { t } = useTranslation();
  const name = parked.itemName ?? t('attention.deletedItem');
  // The server's message names the store or the stock; in another language, what its code means.
  const why = i18n.language === 'en' ? parked.message : t(`attention.codes.${parked.code}`, { defaultValue: parked.message });
  const run = async (work: () => Promise<{ message: string }>) => {
    try {
      onDone({ ok: true, text: (await work()).message });
    } catch (error) {
      onDone({ ok: false, text: messageOf(error, t('attention.failed')) });
    }
  };
  return (
    <Card
      withBorder
      padding="sm"
      role="listitem"
      aria-label={t('attention.kindOf', { kind: opKindLabel(parked.kind), name: parked.receipt?.purchaseOrder.number ?? name })}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate>
              {parkedWhat(parked, name)}
            </Text>
            <Text size="xs" c="dimmed">
              {parked.recordedBy} · {dayAndTime(parked.capturedAt)} · {parked.store.name}
            </Text>
          </Stack>
        </Group>
        <Text size="sm" c="red.8">
          {why}
          {parked.available !== null && parked.code === 'insufficient_stock'
            ? ` (${t('attention.available', { count: parked.available, unit: parked.unit })})`
            : ''}
        </Text>
        {isDiscarding ? (
          <Stack gap="xs">
            <TextInput label={t('attention.whyDiscard')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
            <Group gap="xs" justify="flex-end">
              <Button variant="default" onClick={() => setDiscarding(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                color="red"
                loading={discard.isPending}
                onClick={() => void run(() => discard.mutateAsync({ id: parked._id, reason }))}
              >
                {t('attention.discard')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group align="flex-end" wrap="wrap" gap="xs">
            {parked.receipt ? (
              <ReceiptLinesInput parked={parked} lines={lines} onChange={setLines} />
            ) : (
              <NumberInput
                label={t('movement.issue.quantity')}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                value={quantity}
                onChange={setQuantity}
                w={110}
              />
            )}
            <Button
              loading={apply.isPending}
              onClick={() =>
                void run(() =>
                  apply.mutateAsync(
                    parked.receipt ? { id: parked._id, lines } : { id: parked._id, quantity: Number(quantity) || undefined },
                  ),
                )
              }
            >
              {t('attention.apply')}
            </Button>
            <Button variant="default" onClick={() => setDiscarding(true)}>
              {t('attention.discardAsk')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function RejectedCard({ op }: { op: RejectedOp }) {
  const { t } = useTranslation();
  const kind = opKindLabel(op.kind);
  return (
    <Card withBorder padding="sm" role="listitem" aria-label={t('attention.kindOf', { kind, name: op.itemName })}>
      <Stack gap={6}>
        <Text fw={600}>
          {isPoReceiptOp(op)
            ? t('attention.receiptOf', { number: op.itemName })
            : t('attention.what', { kind, quantity: op.quantity, unit: op.unit ?? op.itemUnit, name: op.itemName })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('attention.refused', { when: dayAndTime(op.capturedAt) })}
        </Text>
        <Text size="sm" c="red.8">
          {op.message}
        </Text>
        <Button variant="default" w="fit-content" onClick={() => void dismissRejected(op.opId)}>
          {t('attention.dismiss')}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * Movements recorded offline that the server could not apply by itself (not enough stock, the item
 * deleted, the store no longer the keeper's, too old): each is applied (maybe with another quantity)
 * or discarded with a reason. Nothing is dropped on its own.
 */
export function NeedsAttentionPage() {
  const parked = useParked();
  const { rejected } = useOutbox();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { t } = useTranslation();
  const rows = parked.data?.parked ?? [];
  return (
    <Stack p={{ base: 'xs', sm: 'md' }} gap="sm" maw={760} mx="auto">
      <Title order={2}>{t('hub.needsAttention')}</Title>
      <Notice value={notice} onClose={() => setNotice(null)} />
      <ErrorAlert text={parked.isError ? messageOf(parked.error, t('attention.fetchFailed')) : null} />
      {parked.isPending && t('common.loading')}
      {parked.data && rows.length === 0 && rejected.length === 0 && <Text size="sm">{t('attention.allIn')}</Text>}
      <Stack gap="xs" role="list" aria-label={t('attention.list')}>
        {rows.map((row) => (
          <ParkedCard key={row._id} parked={row} onDone={setNotice} />
        ))}
        {rejected.map((op) => (
          <RejectedCard key={op.opId} op={op} />
        ))}
      </Stack>
    </Stack>
  );
}
