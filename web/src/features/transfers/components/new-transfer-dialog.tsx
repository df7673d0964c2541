import { ActionIcon, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Product, Tool } from '@stockyard/contract';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { ItemPicker } from '../../../lib/item-picker';
import { materialPageQuery } from '../../materials/api/materials';
import { StoreSelect } from '../../stores/components/store-select';
import { toolStorePageQuery } from '../../tools/api/tools';
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

  function addLine() {
    if (!item || !Number(quantity)) return setError('Choose an item and a quantity.');
    if (lines.some((line) => line.item._id === item._id)) return setError(`${item.name} is already on the transfer.`);
    setLines([...lines, { kind, item, quantity: Number(quantity) }]);
    setItem(null);
    setQuantity('');
    setError(null);
    intent.renew();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!fromStoreId || !toStoreId) return setError('Choose both stores.');
    if (lines.length === 0) return setError('Add at least one line.');
    const body = {
      fromStoreId,
      toStoreId,
      lines: lines.map((line) =>
        line.kind === 'material'
          ? { materialId: line.item._id, quantity: line.quantity }
          : { toolId: line.item._id, quantity: line.quantity },
      ),
    };
    try {
      const answer = await create.mutateAsync({ body, key: intent.key });
      intent.renew();
      onClose();
      void navigate(`/dashboard/transfers/${answer.transfer._id}`);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, 'Failed to save the transfer. Please try again.'));
    }
  }

  const describe = (picked: Item) => `${picked.name} (${picked.availableQuantity} available)`;

  return (
    <Modal opened={opened} onClose={onClose} title="New transfer" centered size="lg">
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <StoreSelect
          label="From"
          value={fromStoreId}
          onChange={(value) => {
            setFromStoreId(value);
            setLines([]);
            setItem(null);
            intent.renew();
          }}
        />
        <StoreSelect label="To" value={toStoreId} onChange={intent.tracking(setToStoreId)} />
        {fromStoreId && (
          <Stack gap="xs">
            <SegmentedControl
              aria-label="What to send"
              value={kind}
              onChange={(value) => {
                setKind(value as 'material' | 'tool');
                setItem(null);
              }}
              data={[
                { value: 'material', label: 'Material' },
                { value: 'tool', label: 'Tool' },
              ]}
            />
            <Group align="flex-end" wrap="nowrap">
              <div style={{ flex: 1 }}>
                {kind === 'material' ? (
                  <ItemPicker<Item, Product>
                    label="Material"
                    query={(search) => materialPageQuery(search, 1, fromStoreId)}
                    value={item}
                    onChange={setItem}
                    describe={describe}
                  />
                ) : (
                  <ItemPicker<Item, Tool>
                    label="Tool"
                    query={(search) => toolStorePageQuery(search, fromStoreId)}
                    value={item}
                    onChange={setItem}
                    describe={describe}
                  />
                )}
              </div>
              <NumberInput
                label="Quantity"
                w={110}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                value={quantity}
                onChange={setQuantity}
              />
              <Button variant="default" onClick={addLine}>
                Add
              </Button>
            </Group>
          </Stack>
        )}
        <Stack gap={4} role="list" aria-label="Transfer lines">
          {lines.map((line) => (
            <Group key={line.item._id} role="listitem" justify="space-between" wrap="nowrap">
              <Text size="sm">
                {line.quantity} × {line.item.name}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${line.item.name}`}
                onClick={() => {
                  setLines(lines.filter((other) => other !== line));
                  intent.renew();
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Save draft
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
