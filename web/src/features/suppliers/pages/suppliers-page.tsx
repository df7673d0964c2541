import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Product, Supplier, SupplierPriceLine } from '@stockyard/contract';
import { IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { type Column, DataTable } from '../../../lib/data-table';
import { FormStack } from '../../../lib/form-stack';
import { localNumber } from '../../../lib/format';
import { newIdempotencyKey, useIdempotencyKey } from '../../../lib/idempotency-key';
import { WholeNumberInput } from '../../../lib/inputs';
import { currencySign, useCurrency } from '../../../lib/money';
import { Notice, type NoticeValue, saveWithNotice } from '../../../lib/notice';
import { UnitCostInput } from '../../../lib/unit-cost-input';
import { useMaterialPage } from '../../materials';
import { stockUnitOf, UnitChoice, unitsOfItem } from '../../offline';
import { useCreateSupplier, useSetSupplierPrices, useSupplierPrices, useSuppliers } from '../api/suppliers';

/** A new supplier: its name, how to reach it and its usual lead time; sent once however often it is pressed. */
function NewSupplierForm({ onDone }: { onDone: (notice: NoticeValue) => void }) {
  const { t } = useTranslation();
  const create = useCreateSupplier();
  const intent = useIdempotencyKey();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [leadTime, setLeadTime] = useState<number | string>('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    const leadTimeDays = typeof leadTime === 'number' ? leadTime : null;
    const send = () => intent.send((idempotencyKey) => create.mutateAsync({ name, email, phone, leadTimeDays, idempotencyKey }));
    if (!(await saveWithNotice(send, onDone, t('suppliers.saveFailed')))) return;
    setName('');
    setEmail('');
    setPhone('');
    setLeadTime('');
  }
  return (
    <FormStack onSubmit={(event) => void submit(event)}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('suppliers.name')} required value={name} onChange={(e) => intent.tracking(setName)(e.currentTarget.value)} />
        <TextInput
          label={t('suppliers.email')}
          type="email"
          value={email}
          onChange={(e) => intent.tracking(setEmail)(e.currentTarget.value)}
        />
        <TextInput
          label={t('suppliers.phone')}
          type="tel"
          value={phone}
          onChange={(e) => intent.tracking(setPhone)(e.currentTarget.value)}
        />
        <WholeNumberInput label={t('suppliers.leadTime')} min={0} max={365} value={leadTime} onChange={intent.tracking(setLeadTime)} />
      </SimpleGrid>
      <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('suppliers.create')}
      </Button>
    </FormStack>
  );
}

/** A row's name, and under it in small letters what else identifies it (a store, an email). */
function NameAndDetail({ name, detail }: { name: string; detail: string }) {
  return (
    <>
      <Text size="sm">{name}</Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </>
  );
}

type PriceInput = { materialId: string; unitCost: string; packSize: number | null; packUnit: string | null };
const asInput = (line: SupplierPriceLine): PriceInput => ({
  materialId: line.materialId,
  unitCost: line.unitCost,
  packSize: line.packSize,
  packUnit: line.packUnit?.name ?? null,
});

/** Adds a material's price (or changes it when the material is listed) to the supplier's list. */
function AddPriceForm({ lines, onSave }: { lines: SupplierPriceLine[]; onSave: (lines: PriceInput[]) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const materials = useMaterialPage(debounced, 1);
  const [materialId, setMaterialId] = useState<string | null>(null);
  const [unitCost, setUnitCost] = useState('');
  const [packSize, setPackSize] = useState<number | string>('');
  const [packUnit, setPackUnit] = useState<string | null>(null);
  // The material as it was picked: the search that follows the pick may no longer list it.
  const [material, setMaterial] = useState<Product | null>(null);
  const options = (materials.data?.rows ?? []).map((row) => ({ value: row._id, label: `${row.name} · ${row.storeId.name}` }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!materialId) return;
    const line = { materialId, unitCost, packSize: typeof packSize === 'number' ? packSize : null, packUnit };
    const others = lines.filter((kept) => kept.materialId !== materialId).map(asInput);
    if (!(await onSave([...others, line]))) return;
    setMaterialId(null);
    setUnitCost('');
    setPackSize('');
    setPackUnit(null);
    setMaterial(null);
  }
  return (
    <FormStack onSubmit={(event) => void submit(event)}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('suppliers.material')}
          required
          searchable
          data={options}
          value={materialId}
          onChange={(picked) => {
            setMaterialId(picked);
            setMaterial(materials.data?.rows.find((row) => row._id === picked) ?? null);
            setPackUnit(null);
          }}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={t('suppliers.noMaterial')}
          filter={({ options: found }) => found}
        />
        <UnitCostInput value={unitCost} onChange={setUnitCost} description={t('suppliers.unitCostHint')} />
        {material && unitsOfItem(material).length > 0 && (
          <UnitChoice
            label={t('suppliers.packUnit')}
            stockUnit={stockUnitOf(material)}
            units={unitsOfItem(material)}
            value={packUnit}
            onChange={setPackUnit}
          />
        )}
        <WholeNumberInput label={t('suppliers.packSize')} min={1} value={packSize} onChange={setPackSize} />
      </SimpleGrid>
      <Button type="submit" variant="light" style={{ alignSelf: 'flex-start' }}>
        {t('suppliers.addPrice')}
      </Button>
    </FormStack>
  );
}

/** One supplier's price list: each line removed in one press, a line added or changed by the form. */
function PriceList({ supplier, onDone }: { supplier: Supplier; onDone: (notice: NoticeValue) => void }) {
  const { t } = useTranslation();
  const prices = useSupplierPrices(supplier._id);
  const save = useSetSupplierPrices();
  const currency = useCurrency();
  const lines = prices.data?.lines ?? [];
  const saveLines = (next: PriceInput[]) =>
    saveWithNotice(
      () => save.mutateAsync({ id: supplier._id, lines: next, idempotencyKey: newIdempotencyKey() }),
      onDone,
      t('suppliers.saveFailed'),
    );
  const columns: Column<SupplierPriceLine>[] = [
    { header: t('suppliers.material'), render: (line) => <NameAndDetail name={line.name} detail={line.store.name} /> },
    {
      header: currency ? t('money.unitCostIn', { currency: currencySign(currency) }) : t('money.unitCost'),
      align: 'right',
      // Exact as kept, up to 4 decimals: a price list is read to the last digit.
      render: (line) => (
        <NameAndDetail
          name={`${line.unitCost} / ${line.packUnit?.name ?? line.unit}`}
          detail={[
            line.packSize ? t('suppliers.packOf', { count: line.packSize }) : '',
            line.packUnit
              ? t('movement.unitIs', { unit: line.packUnit.name, factor: localNumber(Number(line.packUnit.factor)), stock: line.unit })
              : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      ),
    },
    {
      header: '',
      render: (line) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`${t('suppliers.remove')} ${line.name}`}
          onClick={() => void saveLines(lines.filter((kept) => kept.materialId !== line.materialId).map(asInput))}
        >
          <IconX size={16} />
        </ActionIcon>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('suppliers.pricesOf', { name: supplier.name })}
      </Title>
      <DataTable
        columns={columns}
        rows={prices.data?.lines}
        rowKey={(line) => line.materialId}
        isLoading={prices.isPending}
        emptyText={t('suppliers.noPrices')}
        caption={t('suppliers.pricesOf', { name: supplier.name })}
        minWidth={300}
      />
      <AddPriceForm lines={lines} onSave={saveLines} />
    </Stack>
  );
}

/** The company's suppliers (made and searched here) and, for the one chosen, its price list. */
export function SuppliersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const suppliers = useSuppliers(debounced);
  const [chosen, setChosen] = useState<Supplier | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const columns: Column<Supplier>[] = [
    {
      header: t('suppliers.name'),
      render: (supplier) => {
        const leadTime = supplier.leadTimeDays === null ? null : t('suppliers.leadTimeOf', { count: supplier.leadTimeDays });
        return <NameAndDetail name={supplier.name} detail={[supplier.email, supplier.phone, leadTime].filter(Boolean).join(' · ')} />;
      },
    },
    {
      header: '',
      render: (supplier) => (
        <Button
          size="compact-xs"
          variant={chosen?._id === supplier._id ? 'filled' : 'subtle'}
          aria-label={`${t('suppliers.prices')} ${supplier.name}`}
          onClick={() => setChosen(supplier)}
        >
          {t('suppliers.prices')}
        </Button>
      ),
    },
  ];
  return (
    <PageCard title={t('suppliers.title')}>
      <Stack gap="md">
        <Notice value={notice} onClose={() => setNotice(null)} />
        <NewSupplierForm onDone={setNotice} />
        <Group>
          <TextInput
            label={t('suppliers.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
        </Group>
        <DataTable
          columns={columns}
          rows={suppliers.data?.suppliers}
          rowKey={(supplier) => supplier._id}
          isLoading={suppliers.isPending}
          emptyText={t('suppliers.none')}
          caption={t('suppliers.title')}
          minWidth={300}
        />
        {chosen && <PriceList supplier={chosen} onDone={setNotice} />}
      </Stack>
    </PageCard>
  );
}
