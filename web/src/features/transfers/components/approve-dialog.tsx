import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { type StockRequest, StockRequestApproveSchema } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { parsePayload } from '../../../lib/validation';
import { StoreSelect } from '../../stores';
import { useDecideRequest } from '../api/transfers';

/** An admin approves a request: the store that sends it, and the quantities (the requested ones unless changed). */
export function ApproveDialog({ request, onClose }: { request: StockRequest | null; onClose: (message?: string) => void }) {
  const decide = useDecideRequest();
  const intent = useIdempotencyKey();
  const [sourceStoreId, setSourceStoreId] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<Record<string, number | string>>({});
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const { renew } = intent;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request to approve is a new intent
  useEffect(() => {
    setSourceStoreId(null);
    setQuantities(Object.fromEntries((request?.lines ?? []).map((line) => [line._id, line.quantity])));
    setError(null);
    renew();
  }, [request]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!request) return;
    if (!sourceStoreId) return setError(t('transfers.chooseSender'));
    const lines = request.lines.map((line) => ({ lineId: line._id, quantity: Number(quantities[line._id] || 0) }));
    if (lines.some((line) => line.quantity < 1)) return setError(t('transfers.atLeastOne'));
    const parsed = parsePayload(StockRequestApproveSchema, { sourceStoreId, lines });
    if ('problem' in parsed) return setError(parsed.problem);
    try {
      const answer = await decide.mutateAsync({ id: request._id, action: 'approve', body: parsed.data, key: intent.key });
      renew();
      onClose(localMessage(answer.message));
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('transfers.approveFailed')));
    }
  }

  return (
    <Modal
      opened={request !== null}
      onClose={() => onClose()}
      title={t('transfers.approveOf', { store: request?.store.name ?? '' })}
      centered
    >
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <StoreSelect label={t('transfers.sendFrom')} value={sourceStoreId} onChange={intent.tracking(setSourceStoreId)} />
        <Stack gap="xs">
          {(request?.lines ?? []).map((line) => (
            <NumberInput
              key={line._id}
              label={`${line.name} (${line.unit || t('transfers.units')})`}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={quantities[line._id] ?? ''}
              onChange={intent.tracking((value: number | string) => setQuantities((current) => ({ ...current, [line._id]: value })))}
            />
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={decide.isPending}>
            {t('transfers.approve')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
