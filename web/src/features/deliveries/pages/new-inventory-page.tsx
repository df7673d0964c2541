import { ActionIcon, Button, Group, TextInput, Title } from '@mantine/core';
import type { InventoryEntry, Product } from '@stockyard/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { isConnectionLost, messageOf } from '../../../lib/api';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { DateField } from '../../../lib/date-field';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { FormStack } from '../../../lib/form-stack';
import { ddmmyyyy } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { decimalsOfItem, QuantityInput } from '../../../lib/inputs';
import { Notice } from '../../../lib/notice';
import { PagedTable } from '../../../lib/paged-table';
import { UnitCostInput } from '../../../lib/unit-cost-input';
import { materialPickerQuery } from '../../materials';
import { ItemPicker } from '../../offline';
import { useDeleteInventoryEntry, useInventoryEntries, useSaveInventoryEntry } from '../api/deliveries';
import { entryPayload } from '../delivery-payload';

type Picked = Pick<Product, '_id' | 'name'>;
const EMPTY = { material: null as Picked | null, quantity: '' as number | string, supplier: '', date: '', unitCost: '' };

/** New Inventory Entry: supplier deliveries, added and edited in one form (/dashboard/newinventory). */
export function NewInventoryPage() {
  const [page, setPage] = useState(1);
  const entries = useInventoryEntries(page);
  const save = useSaveInventoryEntry();
  const remove = useDeleteInventoryEntry();
  const intent = useIdempotencyKey();
  const deleteIntent = useIdempotencyKey();
  const [form, setFormState] = useState(EMPTY);
  const setForm = intent.tracking(setFormState);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeletingState] = useState<InventoryEntry | null>(null);
  const setDeleting = deleteIntent.tracking(setDeletingState);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const { t } = useTranslation();

  function startEditing(entry: InventoryEntry) {
    setEditingId(entry._id);
    setForm({ material: entry.productId, quantity: entry.quantity, supplier: entry.supplier, date: entry.date.slice(0, 10), unitCost: '' });
    setNotice(null);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const parsed = entryPayload({ ...form, day: form.date });
    if ('problem' in parsed) {
      setNotice({ ok: false, text: parsed.problem });
      return;
    }
    try {
      await save.mutateAsync({ ...parsed.data, id: editingId ?? undefined, idempotencyKey: intent.key });
      setNotice({ ok: true, text: editingId ? t('entries.updated') : t('entries.added') });
      setForm(EMPTY);
      setEditingId(null);
    } catch (error) {
      intent.settle(error);
      setNotice({ ok: false, text: messageOf(error, t('entries.saveFailed')) });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting._id, idempotencyKey: deleteIntent.key });
      setNotice({ ok: true, text: t('entries.deleted') });
      setDeleting(null);
    } catch (error) {
      deleteIntent.settle(error);
      setNotice({ ok: false, text: messageOf(error, t('entries.saveFailed')) });
      // Kept open after a lost connection, so pressing Delete again sends the same request.
      if (!isConnectionLost(error)) setDeleting(null);
    }
  }

  return (
    <PageCard title={t('entries.title')}>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={notice} onClose={() => setNotice(null)} />
        <ItemPicker<Picked, Product>
          label={t('materials.material')}
          query={materialPickerQuery}
          value={form.material}
          onChange={(material) => setForm({ ...form, material, unitCost: (material as Product | null)?.averageCost ?? '' })}
        />
        <QuantityInput
          label={t('entries.quantityAdded')}
          required
          decimals={decimalsOfItem(form.material)}
          value={form.quantity}
          onChange={(quantity) => setForm({ ...form, quantity })}
        />
        <UnitCostInput value={form.unitCost} onChange={(unitCost) => setForm({ ...form, unitCost })} />
        <TextInput
          label={t('entries.supplierName')}
          required
          value={form.supplier}
          onChange={(e) => setForm({ ...form, supplier: e.currentTarget.value })}
        />
        <DateField label={t('entries.date')} required value={form.date} onChange={(day) => setForm({ ...form, date: day })} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {editingId ? t('entries.update') : t('entries.add')}
          </Button>
          {editingId && (
            <Button
              variant="default"
              onClick={() => {
                setEditingId(null);
                setForm(EMPTY);
              }}
            >
              {t('common.cancel')}
            </Button>
          )}
        </Group>
      </FormStack>
      <Title order={3} size="h4" mt="xl" mb="sm">
        {t('entries.existing')}
      </Title>
      <PagedTable<InventoryEntry>
        list={entries}
        errorText={(error) => messageOf(error, t('attention.fetchFailed'))}
        page={page}
        onPageChange={setPage}
        caption={t('entries.existing')}
        minWidth={560}
        rowKey={(entry) => entry._id}
        emptyText={t('entries.none')}
        columns={[
          { header: 'Material', render: (entry) => entry.productId?.name ?? t('entries.materialNotFound') },
          { header: 'Store', render: (entry) => entry.storeId.name },
          { header: 'Quantity', render: (entry) => entry.quantity, align: 'right' },
          { header: 'Supplier', render: (entry) => entry.supplier },
          { header: 'Date', render: (entry) => ddmmyyyy(entry.date) },
          {
            header: 'Actions',
            render: (entry) => (
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('entries.editOf', { name: entry.productId?.name ?? t('supplies.material') })}
                  onClick={() => startEditing(entry)}
                >
                  <IconPencil size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('entries.deleteOf', { name: entry.productId?.name ?? t('supplies.material') })}
                  onClick={() => setDeleting(entry)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ),
          },
        ]}
      />
      <ConfirmDialog
        opened={deleting !== null}
        message={t('entries.confirmDelete')}
        confirmLabel={t('common.delete')}
        isBusy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <DownloadCsvButton path="/api/all-inventory/csv" fileName="supplies.csv" />
    </PageCard>
  );
}
