import { Stack } from '@mantine/core';
import { type StockRequest, StockRequestApproveSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { decimalsOfItem, QuantityInput } from '../../../lib/inputs';
import { usePayloadCheck } from '../../../lib/validation';
import { StoreSelect } from '../../stores';
import { useDecideRequest } from '../api/transfers';

/** An admin approves a request: the store that sends it, and the quantities (the requested ones unless changed). */
export function ApproveDialog({ request, onClose }: { request: StockRequest | null; onClose: (message?: string) => void }) {
  const { t } = useTranslation();
  return (
    <DialogFor
      subject={request}
      keyOf={(subject) => subject._id}
      title={(subject) => t('transfers.approveOf', { store: subject.store.name })}
      onClose={() => onClose()}
    >
      {(subject) => <ApproveForm request={subject} onClose={onClose} />}
    </DialogFor>
  );
}

/** One request's approval, at the requested quantities: a new request to approve is a new intent. */
function ApproveForm({ request, onClose }: { request: StockRequest; onClose: (message?: string) => void }) {
  const decide = useDecideRequest();
  const intent = useIdempotencyKey();
  const [sourceStoreId, setSourceStoreId] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<Record<string, number | string>>(() =>
    Object.fromEntries(request.lines.map((line) => [line._id, line.quantity])),
  );
  const [error, setError] = useState<string | null>(null);
  const payload = usePayloadCheck(StockRequestApproveSchema, ['sourceStoreId']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!sourceStoreId) return setError(t('transfers.chooseSender'));
    const lines = request.lines.map((line) => ({ lineId: line._id, quantity: Number(quantities[line._id] || 0) }));
    if (lines.some((line) => line.quantity < 1)) return setError(t('transfers.atLeastOne'));
    const data = payload.check({ sourceStoreId, lines });
    if (!data) return;
    try {
      const answer = await decide.mutateAsync({ id: request._id, action: 'approve', body: data, key: intent.key });
      intent.renew();
      onClose(localMessage(answer.message));
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('transfers.approveFailed')));
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error ?? payload.summary?.text ?? null} />
      <StoreSelect
        label={t('transfers.sendFrom')}
        error={payload.errorOf('sourceStoreId')}
        value={sourceStoreId}
        onChange={intent.tracking(setSourceStoreId)}
      />
      <Stack gap="xs">
        {request.lines.map((line) => (
          <QuantityInput
            decimals={decimalsOfItem(line)}
            key={line._id}
            label={`${line.name} (${line.unit || t('transfers.units')})`}
            value={quantities[line._id] ?? ''}
            onChange={intent.tracking((value: number | string) => setQuantities((current) => ({ ...current, [line._id]: value })))}
          />
        ))}
      </Stack>
      <DialogButtons onCancel={() => onClose()} action={t('transfers.approve')} isBusy={decide.isPending} />
    </FormStack>
  );
}
