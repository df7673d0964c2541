import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { WEBHOOK_EVENTS, type Webhook, type WebhookDelivery, type WebhookEventType } from '@stockyard/contract';
import { IconCopy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { type Column, DataTable } from '../../../lib/data-table';
import { FormStack } from '../../../lib/form-stack';
import { dayAndTime } from '../../../lib/format';
import { newIdempotencyKey, useIdempotencyKey } from '../../../lib/idempotency-key';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { Notice, type NoticeValue, saveWithNotice } from '../../../lib/notice';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useReplayDelivery,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks';

const ConfirmDialog = lazyDialog(
  async () => (await import('../../../lib/confirm-dialog')).ConfirmDialog,
  (props) => props.opened,
);

/** An event's name on screen: `movement.created` → webhooks.eventNames.movement_created. */
function useEventName(): (type: WebhookEventType) => string {
  const { t } = useTranslation();
  return (type) => t(`webhooks.eventNames.${type.replace('.', '_')}`);
}

/** The secret of a webhook just made, with a button to copy it: the only time it is shown. */
function SecretOnce({ url, secret }: { url: string; secret: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t('webhooks.secretOnce', { url })}>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere' }}>{secret}</Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" size="compact-sm" leftSection={<IconCopy size={14} />} onClick={copy} style={{ flexShrink: 0 }}>
              {copied ? t('webhooks.copied') : t('webhooks.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}

/** A new webhook: where to send and which events; sent once however often it is pressed. */
function NewWebhookForm({ onDone }: { onDone: (notice: NoticeValue) => void }) {
  const { t } = useTranslation();
  const eventName = useEventName();
  const create = useCreateWebhook();
  const intent = useIdempotencyKey();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['movement.created', 'movement.reversed']);
  const [made, setMade] = useState<{ url: string; secret: string } | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    let answer: { url: string; secret: string } | null = null;
    const send = async () => {
      const created = await intent.send((idempotencyKey) =>
        create.mutateAsync({ url, events: events as WebhookEventType[], idempotencyKey }),
      );
      answer = { url: created.webhook.url, secret: created.secret };
      return created;
    };
    if (!(await saveWithNotice(send, onDone, t('webhooks.saveFailed')))) return;
    setMade(answer);
    setUrl('');
  }
  return (
    <FormStack onSubmit={(event) => void submit(event)}>
      <TextInput
        label={t('webhooks.url')}
        required
        type="url"
        placeholder="https://erp.example.com/stockyard"
        value={url}
        onChange={(e) => intent.tracking(setUrl)(e.currentTarget.value)}
      />
      <Checkbox.Group label={t('webhooks.events')} value={events} onChange={intent.tracking(setEvents)}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
          {WEBHOOK_EVENTS.map((type) => (
            <Checkbox key={type} value={type} label={eventName(type)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Button type="submit" loading={create.isPending} disabled={events.length === 0} style={{ alignSelf: 'flex-start' }}>
        {t('webhooks.create')}
      </Button>
      {made && <SecretOnce url={made.url} secret={made.secret} />}
    </FormStack>
  );
}

function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const color = { pending: 'yellow', delivered: 'green', failed: 'red' }[delivery.status];
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={color} variant="light" style={{ flexShrink: 0 }}>
        {t(`webhooks.statuses.${delivery.status}`)}
      </Badge>
      {delivery.nextAttemptAt && delivery.attempts > 0 && (
        <Text size="xs" c="dimmed">
          {t('webhooks.nextTry', { time: dayAndTime(delivery.nextAttemptAt) })}
        </Text>
      )}
    </Stack>
  );
}

/** Each try's answer (status, or what went wrong), the last one's words under them. */
function DeliveryTries({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const last = delivery.tries.at(-1);
  if (!last) return <Text size="sm">{t('webhooks.notTried')}</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {t('webhooks.triesOf', { count: delivery.tries.length })}:{' '}
        {delivery.tries.map((attempt) => attempt.statusCode ?? t('webhooks.noAnswer')).join(', ')}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
        {last.error ?? last.answer ?? ''}
      </Text>
    </Stack>
  );
}

/** A webhook's last deliveries, each with its tries, and "Send again". */
function Deliveries({ webhook, onDone }: { webhook: Webhook; onDone: (notice: NoticeValue) => void }) {
  const { t } = useTranslation();
  const eventName = useEventName();
  const deliveries = useWebhookDeliveries(webhook._id);
  const replay = useReplayDelivery();
  const columns: Column<WebhookDelivery>[] = [
    {
      header: t('webhooks.event'),
      render: (delivery) => (
        <Stack gap={4} align="flex-start">
          <Text size="sm">{eventName(delivery.type)}</Text>
          <Text size="xs" c="dimmed">
            {dayAndTime(delivery.occurredAt)}
          </Text>
          <DeliveryStatus delivery={delivery} />
        </Stack>
      ),
    },
    {
      header: t('webhooks.tries'),
      render: (delivery) => (
        <Stack gap={4} align="flex-start">
          <DeliveryTries delivery={delivery} />
          <Button
            size="compact-xs"
            variant="light"
            aria-label={`${t('webhooks.replay')} ${eventName(delivery.type)} ${dayAndTime(delivery.occurredAt)}`}
            onClick={() =>
              void saveWithNotice(
                () => replay.mutateAsync({ id: webhook._id, deliveryId: delivery._id, idempotencyKey: newIdempotencyKey() }),
                onDone,
                t('webhooks.saveFailed'),
              )
            }
          >
            {t('webhooks.replay')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {t('webhooks.deliveriesOf', { url: webhook.url })}
      </Title>
      <DataTable
        columns={columns}
        rows={deliveries.data?.deliveries}
        rowKey={(delivery) => delivery._id}
        isLoading={deliveries.isPending}
        emptyText={t('webhooks.noDeliveries')}
        caption={t('webhooks.deliveriesOf', { url: webhook.url })}
        minWidth={300}
      />
    </Stack>
  );
}

/** Where the company's other systems are told what happened: the webhooks, their state and, for one, its deliveries. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const eventName = useEventName();
  const webhooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const chosen = webhooks.data?.webhooks.find((webhook) => webhook._id === chosenId) ?? null;
  const switchTo = (webhook: Webhook, enabled: boolean) =>
    void saveWithNotice(
      () => update.mutateAsync({ id: webhook._id, enabled, idempotencyKey: newIdempotencyKey() }),
      setNotice,
      t('webhooks.saveFailed'),
    );
  async function confirmDelete() {
    if (!deleting) return;
    await saveWithNotice(
      () => remove.mutateAsync({ id: deleting._id, idempotencyKey: newIdempotencyKey() }),
      setNotice,
      t('webhooks.saveFailed'),
    );
    if (chosenId === deleting._id) setChosenId(null);
    setDeleting(null);
  }
  const columns: Column<Webhook>[] = [
    {
      header: t('webhooks.webhook'),
      render: (webhook) => (
        <Stack gap={4} align="flex-start">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {webhook.url}
          </Text>
          <Text size="xs" c="dimmed">
            {webhook.events.map(eventName).join(' · ')}
          </Text>
          <Group gap="xs">
            <Badge color={webhook.enabled ? 'green' : 'red'} variant="light">
              {webhook.enabled ? t('webhooks.on') : t('webhooks.off')}
            </Badge>
            {webhook.pending > 0 && <Text size="xs">{t('webhooks.pending', { count: webhook.pending })}</Text>}
            {webhook.disabledReason && (
              <Text size="xs" c="dimmed">
                {t('webhooks.offAfterFailures')}
              </Text>
            )}
          </Group>
          <Group gap={4}>
            <Button
              size="compact-xs"
              variant={chosenId === webhook._id ? 'filled' : 'light'}
              aria-label={`${t('webhooks.deliveries')} ${webhook.url}`}
              onClick={() => setChosenId(webhook._id)}
            >
              {t('webhooks.deliveries')}
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => switchTo(webhook, !webhook.enabled)}>
              {webhook.enabled ? t('webhooks.switchOff') : t('webhooks.switchOn')}
            </Button>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(webhook)}>
              {t('webhooks.delete')}
            </Button>
          </Group>
        </Stack>
      ),
    },
  ];
  return (
    <PageCard title={t('webhooks.title')}>
      <Stack gap="md">
        <Text size="sm">{t('webhooks.intro')}</Text>
        <Notice value={notice} onClose={() => setNotice(null)} />
        <NewWebhookForm onDone={setNotice} />
        <DataTable
          columns={columns}
          rows={webhooks.data?.webhooks}
          rowKey={(webhook) => webhook._id}
          isLoading={webhooks.isPending}
          emptyText={t('webhooks.none')}
          caption={t('webhooks.title')}
          minWidth={280}
        />
        {chosen && <Deliveries webhook={chosen} onDone={setNotice} />}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        message={t('webhooks.confirmDelete', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.delete')}
        isBusy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </PageCard>
  );
}
