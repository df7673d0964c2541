import { Button, Loader, Select, SimpleGrid, Text } from '@mantine/core';
import { type ReorderPoint, ReorderRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { WholeNumberInput } from '../../../lib/inputs';
import { usePayloadCheck } from '../../../lib/validation';
import { useSuppliers } from '../../suppliers';
import { useReorderPoint, useSaveReorderPoint } from '../api/low-stock';

type Material = { _id: string; name: string };

const asNumber = (value: string | number) => (value === '' ? undefined : Number(value));

/** A material's reorder point: the minimum that makes it low, the target an order brings it to, the pack size. */
export function ReorderDialog({ material, onClose }: { material: Material | null; onClose: (message?: string) => void }) {
  const { t } = useTranslation();
  return (
    <DialogFor
      subject={material}
      keyOf={(subject) => subject._id}
      title={(subject) => t('lists.reorderOf', { name: subject.name })}
      onClose={() => onClose()}
    >
      {(subject) => <ReorderPointOf material={subject} onClose={onClose} />}
    </DialogFor>
  );
}

/** The form, once the material's current point (or none) is known: it starts from that point. */
function ReorderPointOf({ material, onClose }: { material: Material; onClose: (message?: string) => void }) {
  const current = useReorderPoint(material._id);
  const { t } = useTranslation();
  if (current.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  return <ReorderForm material={material} current={current.data ?? null} onClose={onClose} />;
}

function ReorderForm({
  material,
  current,
  onClose,
}: {
  material: Material;
  current: ReorderPoint | null;
  onClose: (message?: string) => void;
}) {
  const save = useSaveReorderPoint();
  const [minQty, setMin] = useState<string | number>(current?.minQty ?? '');
  const [targetQty, setTarget] = useState<string | number>(current?.targetQty ?? '');
  const [packSize, setPack] = useState<string | number>(current?.packSize ?? 1);
  const [supplierId, setSupplierId] = useState<string | null>(current?.preferredSupplier?._id ?? null);
  const suppliers = useSuppliers('');
  const supplierOptions = (suppliers.data?.suppliers ?? []).map((supplier) => ({ value: supplier._id, label: supplier.name }));
  const [error, setError] = useState<string | null>(null);
  const payload = usePayloadCheck(ReorderRequestSchema, ['minQty', 'targetQty', 'packSize']);
  const { t } = useTranslation();

  async function send(point: unknown) {
    setError(null);
    try {
      const answer = await save.mutateAsync({ materialId: material._id, point: point as null });
      onClose(localMessage(answer.message));
    } catch (caught) {
      setError(messageOf(caught, t('reorder.saveFailed')));
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const data = payload.check({
      minQty: asNumber(minQty),
      targetQty: asNumber(targetQty),
      packSize: asNumber(packSize),
      preferredSupplierId: supplierId,
    });
    if (data) void send(data);
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error ?? payload.summary?.text ?? null} />
      <Text size="sm" c="dimmed">
        {t('reorder.help')}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <WholeNumberInput label={t('reorder.minimum')} error={payload.errorOf('minQty')} value={minQty} onChange={setMin} />
        <WholeNumberInput label={t('reorder.target')} error={payload.errorOf('targetQty')} min={1} value={targetQty} onChange={setTarget} />
        <WholeNumberInput label={t('reorder.packSize')} error={payload.errorOf('packSize')} min={1} value={packSize} onChange={setPack} />
      </SimpleGrid>
      <Select
        label={t('reorder.supplier')}
        placeholder={t('reorder.noSupplier')}
        data={supplierOptions}
        value={supplierId}
        onChange={setSupplierId}
        searchable
        clearable
      />
      <DialogButtons onCancel={() => onClose()} action={t('reorder.save')} isBusy={save.isPending}>
        {current ? (
          <Button variant="subtle" color="red" onClick={() => void send(null)}>
            {t('reorder.remove')}
          </Button>
        ) : (
          <span />
        )}
      </DialogButtons>
    </FormStack>
  );
}
