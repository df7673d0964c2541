import { Button, Group, Modal, SegmentedControl, Stack } from '@mantine/core';
import { type Product, type Tool, TransferCreateSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { decimalsOfItem, QuantityInput } from '../../../lib/inputs';
import { RemovableLines } from '../../../lib/removable-lines';
import { parsePayload } from '../../../lib/validation';
import { materialPageQuery } from '../../materials';
import { ItemPicker } from '../../offline';
import { StoreSelect } from '../../stores';
import { toolStorePageQuery } from '../../tools';
import { useCreateTransfer } from '../api/transfers';

type Item = { _id: string; name: string; availableQuantity: number };
type Line = { kind: 'material' | 'tool'; item: Item; quantity: number };

/** An admin moves materials and tools from one store to another: a draft to check and dispatch on its page. */
export function NewTransferDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const intent = useIdempotencyKey();
  const create = useCreateTransfer();
  const [fromStoreId, setFromStoreId] = useState<string | null>(null);
  const [toStoreId, setToStoreId] = useState<string | null>(null);
  const [kind, setKind] = useState<'material' | 'tool'>('material');
  const [item, setItem] = useState<Item | null>(null);
  const [quantity, setQuantity] = useState<number | string>('');
  const [lines, setLines] = useState<Line[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  function addLine() {
    if (!item || !Number(quantity)) return setError(t('transfers.chooseItem'));
    if (lines.some((line) => line.item._id === item._id)) return setError(t('transfers.alreadyOn', { name: item.name }));
    setLines([...lines, { kind, item, quantity: Number(quantity) }]);
    setItem(null);
    setQuantity('');
    setError(null);
    intent.renew();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!fromStoreId || !toStoreId) return setError(t('transfers.chooseBoth'));
    if (lines.length === 0) return setError(t('transfers.addLine'));
    const parsed = parsePayload(TransferCreateSchema, {
      fromStoreId,
      toStoreId,
      lines: lines.map((line) =>
        line.kind === 'material'
          ? { materialId: line.item._id, quantity: line.quantity }
          : { toolId: line.item._id, quantity: line.quantity },
      ),
    });
    if ('problem' in parsed) return setError(parsed.problem);
    try {
      const answer = await create.mutateAsync({ body: parsed.data, key: intent.key });
      intent.renew();
      onClose();
      void navigate(`/dashboard/transfers/${answer.transfer._id}`);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('transfers.saveFailed')));
    }
  }

  const describe = (picked: Item) => t('transfers.describe', { name: picked.name, count: picked.availableQuantity });

  return (
    <Modal opened={opened} onClose={onClose} title={t('transfers.new')} centered size="lg">
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <StoreSelect
          label={t('transfers.from')}
          value={fromStoreId}
          onChange={(value) => {
            setFromStoreId(value);
            setLines([]);
            setItem(null);
            intent.renew();
          }}
        />
        <StoreSelect label={t('transfers.to')} value={toStoreId} onChange={intent.tracking(setToStoreId)} />
        {fromStoreId && (
          <Stack gap="xs">
            <SegmentedControl
              aria-label={t('transfers.whatToSend')}
              value={kind}
              onChange={(value) => {
                setKind(value as 'material' | 'tool');
                setItem(null);
              }}
              data={[
                { value: 'material', label: t('movement.material') },
                { value: 'tool', label: t('movement.tool') },
              ]}
            />
            <Group align="flex-end" wrap="nowrap">
              <div style={{ flex: 1 }}>
                {kind === 'material' ? (
                  <ItemPicker<Item, Product>
                    label={t('movement.material')}
                    query={(search) => materialPageQuery(search, 1, fromStoreId)}
                    value={item}
                    onChange={setItem}
                    describe={describe}
                  />
                ) : (
                  <ItemPicker<Item, Tool>
                    label={t('movement.tool')}
                    query={(search) => toolStorePageQuery(search, fromStoreId)}
                    value={item}
                    onChange={setItem}
                    describe={describe}
                  />
                )}
              </div>
              <QuantityInput
                decimals={kind === 'material' ? decimalsOfItem(item) : 0}
                label={t('materials.quantity')}
                w={110}
                value={quantity}
                onChange={setQuantity}
              />
              <Button variant="default" onClick={addLine}>
                {t('entries.add')}
              </Button>
            </Group>
          </Stack>
        )}
        <RemovableLines
          lines={lines}
          label={t('transfers.lines')}
          keyOf={(line) => line.item._id}
          textOf={(line) => `${line.quantity} × ${line.item.name}`}
          removeLabelOf={(line) => t('transfers.remove', { name: line.item.name })}
          onRemove={(line) => {
            setLines(lines.filter((other) => other !== line));
            intent.renew();
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('transfers.saveDraft')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
