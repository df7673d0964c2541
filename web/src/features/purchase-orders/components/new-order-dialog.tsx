import { Button, Group, Modal, Select } from '@mantine/core';
import { type MaterialUnit, type Product, PurchaseOrderCreateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../lib/api';
import { DateField } from '../../../lib/date-field';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { decimalsOfItem, QuantityInput } from '../../../lib/inputs';
import { RemovableLines } from '../../../lib/removable-lines';
import { UnitCostInput } from '../../../lib/unit-cost-input';
import { parsePayload } from '../../../lib/validation';
import { materialPageQuery } from '../../materials';
import { ItemPicker, stockUnitOf, UnitChoice, unitsOfItem } from '../../offline';
import { StoreSelect } from '../../stores';
import { useSupplierPrices, useSuppliers } from '../../suppliers';
import { useCreatePurchaseOrder } from '../api/purchase-orders';

type Item = { _id: string; name: string; availableQuantity: number; unit?: string; units?: MaterialUnit[] };
/** A line as entered: its quantity and cost in `unit`, another of the material's units, or its stock unit (null). */
type Line = { item: Item; quantity: number; unit: string | null; unitCost: string };

/** A draft order to one supplier for one store: materials, quantities and costs (the price list's when left empty). */
export function NewOrderDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const intent = useIdempotencyKey();
  const create = useCreatePurchaseOrder();
  const suppliers = useSuppliers('');
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const prices = useSupplierPrices(supplierId);
  const [storeId, setStoreId] = useState<string | null>(null);
  const [needBy, setNeedBy] = useState('');
  const [item, setItem] = useState<Item | null>(null);
  const [quantity, setQuantity] = useState<number | string>('');
  const [unit, setUnit] = useState<string | null>(null);
  const [unitCost, setUnitCost] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const priceOf = (materialId: string) => prices.data?.lines.find((line) => line.materialId === materialId);
  /** The price list's cost when it is in the unit chosen; in another, the server converts it. */
  const listed = (materialId: string, inUnit: string | null) => {
    const price = priceOf(materialId);
    return price && (price.packUnit?.name ?? null) === inUnit ? price.unitCost : '';
  };
  const listedText = (materialId: string) => {
    const price = priceOf(materialId);
    return price ? `${price.unitCost} / ${price.packUnit?.name ?? price.unit}` : '';
  };
  const pick = (picked: Item | null) => {
    setItem(picked);
    // The supplier's pack unit first, when it sells in one.
    setUnit((picked && priceOf(picked._id)?.packUnit?.name) ?? null);
  };

  function addLine() {
    if (!item || !Number(quantity)) return setError(t('transfers.chooseItem'));
    if (lines.some((line) => line.item._id === item._id)) return setError(t('transfers.alreadyOn', { name: item.name }));
    setLines([...lines, { item, quantity: Number(quantity), unit, unitCost: unitCost || listed(item._id, unit) }]);
    setItem(null);
    setUnit(null);
    setQuantity('');
    setUnitCost('');
    setError(null);
    intent.renew();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!supplierId || !storeId) return setError(t('purchases.chooseSupplierAndStore'));
    if (lines.length === 0) return setError(t('transfers.addLine'));
    const parsed = parsePayload(PurchaseOrderCreateRequestSchema, {
      supplierId,
      storeId,
      needBy: needBy || null,
      lines: lines.map((line) => ({
        materialId: line.item._id,
        quantity: line.quantity,
        ...(line.unit ? { unit: line.unit } : {}),
        ...(line.unitCost ? { unitCost: line.unitCost } : {}),
      })),
    });
    if ('problem' in parsed) return setError(parsed.problem);
    try {
      const answer = await create.mutateAsync({ body: parsed.data, key: intent.key });
      intent.renew();
      onClose();
      void navigate(`/dashboard/purchase-orders/${answer.purchaseOrder._id}`);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('purchases.saveFailed')));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('purchases.new')} centered size="lg">
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <Select
          label={t('invoices.supplier')}
          required
          searchable
          data={(suppliers.data?.suppliers ?? []).map((supplier) => ({ value: supplier._id, label: supplier.name }))}
          value={supplierId}
          onChange={intent.tracking(setSupplierId)}
        />
        <StoreSelect
          value={storeId}
          onChange={(value) => {
            setStoreId(value);
            setLines([]);
            setItem(null);
            intent.renew();
          }}
        />
        <DateField label={t('purchases.needByLabel')} value={needBy} onChange={(day) => intent.tracking(setNeedBy)(day)} />
        {storeId && (
          <Group align="flex-end" wrap="wrap">
            <div style={{ flex: 1, minWidth: 200 }}>
              <ItemPicker<Item, Product>
                label={t('movement.material')}
                query={(search) => materialPageQuery(search, 1, storeId)}
                value={item}
                onChange={pick}
                describe={(picked) => picked.name}
              />
            </div>
            {item && unitsOfItem(item).length > 0 && (
              <div style={{ width: 170 }}>
                <UnitChoice stockUnit={stockUnitOf(item)} units={unitsOfItem(item)} value={unit} onChange={setUnit} />
              </div>
            )}
            <QuantityInput
              decimals={unit ? 3 : decimalsOfItem(item)}
              label={t('materials.quantity')}
              w={110}
              value={quantity}
              onChange={setQuantity}
            />
            <div style={{ width: 150 }}>
              <UnitCostInput
                value={unitCost}
                onChange={setUnitCost}
                description={item && listedText(item._id) ? t('purchases.listed', { cost: listedText(item._id) }) : t('purchases.costHint')}
              />
            </div>
            <Button variant="default" onClick={addLine}>
              {t('entries.add')}
            </Button>
          </Group>
        )}
        <RemovableLines
          lines={lines}
          label={t('purchases.lines')}
          keyOf={(line) => line.item._id}
          textOf={(line) =>
            `${line.quantity} ${line.unit ?? line.item.unit ?? ''} × ${line.item.name} ${line.unitCost ? `@ ${line.unitCost}` : `(${t('purchases.priceList')})`}`
          }
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
