import { Button, Group, Modal, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { ReorderRequestSchema } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { parsePayload } from '../../../lib/validation';
import { useReorderPoint, useSaveReorderPoint } from '../api/low-stock';

const asNumber = (value: string | number) => (value === '' ? undefined : Number(value));

/** A material's reorder point: the minimum that makes it low, the target an order brings it to, the pack size. */
export function ReorderDialog({
  material,
  onClose,
}: {
  material: { _id: string; name: string } | null;
  onClose: (message?: string) => void;
}) {
  const current = useReorderPoint(material?._id);
  const save = useSaveReorderPoint();
  const [minQty, setMin] = useState<string | number>('');
  const [targetQty, setTarget] = useState<string | number>('');
  const [packSize, setPack] = useState<string | number>(1);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  useEffect(() => {
    setMin(current.data?.minQty ?? '');
    setTarget(current.data?.targetQty ?? '');
    setPack(current.data?.packSize ?? 1);
    setError(null);
  }, [current.data]);

  async function send(point: unknown) {
    if (!material) return;
    try {
      const answer = await save.mutateAsync({ materialId: material._id, point: point as null });
      onClose(localMessage(answer.message));
    } catch (caught) {
      setError(messageOf(caught, t('reorder.saveFailed')));
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parsePayload(ReorderRequestSchema, {
      minQty: asNumber(minQty),
      targetQty: asNumber(targetQty),
      packSize: asNumber(packSize),
    });
    if ('problem' in parsed) return setError(parsed.problem);
    void send(parsed.data);
  }

  return (
    <Modal opened={material !== null} onClose={() => onClose()} title={t('lists.reorderOf', { name: material?.name ?? '' })} centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <Text size="sm" c="dimmed">
          {t('reorder.help')}
        </Text>
        <SimpleGrid cols={3} spacing="xs">
          <NumberInput label={t('reorder.minimum')} min={0} allowDecimal={false} allowNegative={false} value={minQty} onChange={setMin} />
          <NumberInput
            label={t('reorder.target')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={targetQty}
            onChange={setTarget}
          />
          <NumberInput
            label={t('reorder.packSize')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={packSize}
            onChange={setPack}
          />
        </SimpleGrid>
        <Group justify="space-between">
          {current.data ? (
            <Button variant="subtle" color="red" onClick={() => void send(null)}>
              {t('reorder.remove')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={() => onClose()}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('reorder.save')}
            </Button>
          </Group>
        </Group>
      </FormStack>
    </Modal>
  );
}
