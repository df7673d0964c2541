import { ActionIcon, Alert, Button, Group, Modal, TextInput } from '@mantine/core';
import type { Product, Supply } from '@stockyard/contract';
import { IconFileTypePdf, IconPencil, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { localMessage } from '../../../i18n/local-message';
import { apiDownload, messageOf } from '../../../lib/api';
import { DateField } from '../../../lib/date-field';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { ddmmyyyy } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { decimalsOfItem, QuantityInput } from '../../../lib/inputs';
import { PagedTable } from '../../../lib/paged-table';
import { UnitCostInput } from '../../../lib/unit-cost-input';
import { AttachmentThumbs, PhotoField, uploadedPhotos } from '../../files';
import { materialPickerQuery } from '../../materials';
import { ItemPicker } from '../../offline';
import { useSaveSupply, useSupplies } from '../api/deliveries';
import { supplyPayload } from '../delivery-payload';

type Picked = Pick<Product, '_id' | 'name'>;
type Draft = { id?: string; product: Picked | null; quantity: number | string; supplier: string; dateReceived: string; unitCost: string };
const EMPTY: Draft = { product: null, quantity: '', supplier: '', dateReceived: '', unitCost: '' };

/** View Supplies: the keeper's supplier deliveries, added and edited in a modal (/dashboard/supplymanagement). */
export function SupplyManagementPage() {
  const [page, setPage] = useState(1);
  const supplies = useSupplies(page);
  const save = useSaveSupply();
  const intent = useIdempotencyKey();
  const [draft, setDraftState] = useState<Draft | null>(null);
  const setDraft = intent.tracking(setDraftState);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [photos, setPhotos] = useState<Blob[]>([]);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const parsed = supplyPayload({ ...draft, material: draft.product, day: draft.dateReceived });
    if ('problem' in parsed) {
      setError(parsed.problem);
      return;
    }
    try {
      // The same photos are the same files: a retry of this delivery sends the same body under its key.
      const body = { ...parsed.data, ...(await uploadedPhotos(photos)) };
      const answer = await save.mutateAsync({ ...body, id: draft.id, idempotencyKey: intent.key });
      setNotice(localMessage(answer.message));
      setDraft(null);
      setPhotos([]);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('supplies.saveFailed')));
    }
  }

  function open(next: Draft) {
    setDraft(next);
    setPhotos([]);
    setError(null);
  }

  return (
    <PageCard title={t('supplies.view')}>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconPlus size={16} />} onClick={() => open(EMPTY)}>
          {t('supplies.add')}
        </Button>
      </Group>
      {notice && (
        <Alert color="green" role="status" mb="md" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <PagedTable<Supply>
        cardsOnPhone
        list={supplies}
        errorText={(error) => messageOf(error, t('supplies.fetchFailed'))}
        page={page}
        onPageChange={setPage}
        caption={t('supplies.supplies')}
        minWidth={520}
        rowKey={(supply) => supply._id}
        emptyText={t('supplies.none')}
        columns={[
          { header: 'Material Name', render: (supply) => supply.productId?.name ?? t('supplies.unknownProduct') },
          { header: 'Quantity', render: (supply) => supply.quantity, align: 'right' },
          { header: 'Supplier', render: (supply) => supply.supplier },
          { header: 'Date Received', render: (supply) => ddmmyyyy(supply.dateReceived) },
          { header: t('files.photos'), render: (supply) => <AttachmentThumbs attachments={supply.attachments ?? []} /> },
          {
            header: t('supplies.note'),
            render: (supply) => (
              <ActionIcon
                variant="subtle"
                aria-label={t('supplies.noteOf', { name: supply.productId?.name ?? t('supplies.material') })}
                onClick={() => void apiDownload(`/api/supply/${supply._id}/pdf`, 'delivery-note.pdf')}
              >
                <IconFileTypePdf size={18} />
              </ActionIcon>
            ),
          },
          {
            header: 'Edit',
            render: (supply) => (
              <ActionIcon
                variant="subtle"
                aria-label={t('supplies.editOf', { name: supply.productId?.name ?? t('supplies.material') })}
                onClick={() =>
                  open({
                    id: supply._id,
                    product: supply.productId,
                    quantity: supply.quantity,
                    supplier: supply.supplier,
                    dateReceived: supply.dateReceived.slice(0, 10),
                    unitCost: '',
                  })
                }
              >
                <IconPencil size={18} />
              </ActionIcon>
            ),
          },
        ]}
      />
      <Modal opened={draft !== null} onClose={() => setDraft(null)} title={draft?.id ? t('supplies.edit') : t('supplies.addNew')} centered>
        {draft && (
          <FormStack onSubmit={handleSubmit}>
            <ErrorAlert text={error} />
            <ItemPicker<Picked, Product>
              label={t('supplies.product')}
              query={materialPickerQuery}
              value={draft.product}
              onChange={(product) => setDraft({ ...draft, product, unitCost: (product as Product | null)?.averageCost ?? '' })}
            />
            <QuantityInput
              label={t('materials.quantity')}
              required
              decimals={decimalsOfItem(draft.product)}
              value={draft.quantity}
              onChange={(quantity) => setDraft({ ...draft, quantity })}
            />
            <UnitCostInput value={draft.unitCost} onChange={(unitCost) => setDraft({ ...draft, unitCost })} />
            <TextInput
              label={t('supplies.supplier')}
              required
              value={draft.supplier}
              onChange={(e) => setDraft({ ...draft, supplier: e.currentTarget.value })}
            />
            <DateField
              label={t('supplies.dateReceived')}
              required
              value={draft.dateReceived}
              onChange={(day) => setDraft({ ...draft, dateReceived: day })}
            />
            {/* A correction writes no new proof: photos go with the delivery as it is first recorded. */}
            {!draft.id && (
              <PhotoField
                photos={photos}
                onChange={(next) => {
                  setPhotos(next);
                  intent.renew();
                }}
                description={t('files.photosSentWithDelivery')}
              />
            )}
            <Button type="submit" loading={save.isPending}>
              {draft.id ? t('supplies.update') : t('supplies.add')}
            </Button>
          </FormStack>
        )}
      </Modal>
      <DownloadCsvButton path="/api/supply/all/csv" fileName="supplies.csv" />
    </PageCard>
  );
}
