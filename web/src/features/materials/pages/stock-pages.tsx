import { ActionIcon, Alert, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Product, StockRow } from '@stockyard/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { isoDate, localNumber, numberOrZero, textOrNA } from '../../../lib/format';
import { PagedTable } from '../../../lib/paged-table';
import { Pager } from '../../../lib/pager';
import { type VirtualColumn, VirtualTable } from '../../../lib/virtual-table';
import { useStoreOptions } from '../../stores';
import { useMaterialPage } from '../api/materials';
import { downloadTrackSupplies, useStockTotal, useStoreStock, useTrackSupplies } from '../api/stock';

/** Each material's available quantity, a page at a time, and where `showStore` says, the store that holds it. */
function AvailabilityTable(props: { caption: string; errorText: string; loadingText?: string; showStore?: boolean }) {
  const [page, setPage] = useState(1);
  const products = useMaterialPage('', page);
  const { t } = useTranslation();
  return (
    <PagedTable<Product>
      list={products}
      errorText={() => props.errorText}
      page={page}
      onPageChange={setPage}
      caption={props.caption}
      minWidth={360}
      loadingText={props.loadingText}
      rowKey={(p) => p._id}
      emptyText={t('lists.noMaterials')}
      columns={[
        { header: 'Material Name', render: (p) => textOrNA(p.name) },
        ...(props.showStore ? [{ header: 'Store', render: (p: Product) => textOrNA(p.storeId?.name) }] : []),
        { header: 'Available Quantity', render: (p) => numberOrZero(p.availableQuantity), align: 'right' },
        ...(props.showStore ? [{ header: 'Unit', render: (p: Product) => textOrNA(p.unit) }] : []),
      ]}
    />
  );
}

/**
 * Total Stock: everything available across the admin's stores (SPEC's heading and sum), the same per
 * unit under it (the figures that mean something), then each material with its store and unit.
 */
export function TotalStockPage() {
  const total = useStockTotal();
  const { t } = useTranslation();
  const unavailable = t('stock.totalFailed');
  return (
    <PageCard title={t('stock.total')}>
      {total.isError ? (
        <Alert color="red" role="alert" mb="md">
          {unavailable}
        </Alert>
      ) : (
        <Stack gap={4} mb="md">
          <Title order={3} size="h4">
            {t('stock.totalIs', { total: total.data ? localNumber(total.data.totalAvailable) : '...' })}
          </Title>
          {total.data && total.data.byUnit.length > 0 && (
            <Group gap="xs" role="list" aria-label={t('stock.byUnit')}>
              {total.data.byUnit.map((row) => (
                <Text key={row.unit} size="sm" role="listitem">
                  {t('stock.unitTotal', { total: localNumber(row.totalAvailable), unit: row.unit || t('common.na') })}
                </Text>
              ))}
            </Group>
          )}
        </Stack>
      )}
      <AvailabilityTable caption={t('stock.total')} errorText={unavailable} loadingText={t('stock.loadingDetails')} showStore />
    </PageCard>
  );
}

/** Stock Availability: each material's available quantity. */
export function AvailableStockPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('stock.availability')}>
      <AvailabilityTable caption={t('stock.availability')} errorText={t('stock.availabilityFailed')} />
    </PageCard>
  );
}

/** Add Stock: the read-only stock of one store; the admin picks which. */
export function AddStockPage() {
  const stores = useStoreOptions();
  const [chosen, setChosen] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const storeId = chosen ?? stores.data?.[0]?._id ?? null;
  const stock = useStoreStock(storeId, page);
  const { t } = useTranslation();
  return (
    <PageCard title={t('stock.add')}>
      <Select
        label={t('stores.store')}
        data={(stores.data ?? []).map((store) => ({ value: store._id, label: store.name }))}
        value={storeId}
        onChange={(value) => {
          setChosen(value);
          setPage(1);
        }}
        allowDeselect={false}
        mb="md"
        maw={360}
      />
      <PagedTable<StockRow>
        list={{ ...stock, isPending: stores.isPending || stock.isPending }}
        errorText={(error) => messageOf(error, t('stock.availabilityFailed'))}
        page={page}
        onPageChange={setPage}
        caption={t('stock.stock')}
        minWidth={640}
        rowKey={(row) => row.id}
        emptyText={t('lists.noMaterials')}
        columns={[
          { header: 'Material', render: (row) => `${textOrNA(row.Material.name)}${row.Material.unit ? ` (${row.Material.unit})` : ''}` },
          { header: 'Category', render: (row) => textOrNA(row.Category.name) },
          { header: 'Size', render: (row) => textOrNA(row.Size.value) },
          { header: 'Quantity', render: (row) => row.quantity, align: 'right' },
          { header: 'Store Name', render: (row) => row.Store.storeName },
          { header: 'Created', render: (row) => isoDate(row.createdAt) },
        ]}
      />
    </PageCard>
  );
}

const SUPPLY_COLUMNS: VirtualColumn[] = [
  { header: 'Product', width: 220 },
  { header: 'Damaged Stock', width: 120, align: 'right' },
  { header: 'Return Stock', width: 110, align: 'right' },
  { header: 'Issued Stock', width: 110, align: 'right' },
  { header: 'Total Quantity', width: 120, align: 'right' },
];

/** Track Supplies: each store's per-material breakdown, with a PDF per store (made by the server). */
export function TrackSuppliesPage() {
  const [page, setPage] = useState(1);
  const data = useTrackSupplies(page);
  const [exportError, setExportError] = useState<string | null>(null);
  const { t } = useTranslation();
  async function exportSupplies(storeId: string, storeName: string) {
    setExportError(null);
    try {
      await downloadTrackSupplies(storeId, storeName);
    } catch (caught) {
      setExportError(messageOf(caught, t('stock.pdfFailed')));
    }
  }
  return (
    <PageCard title={t('stock.trackSupplies')}>
      <ErrorAlert text={exportError} />
      {data.isPending && <Text>{t('common.loading')}</Text>}
      {data.isError && (
        <Alert color="red" role="alert">
          {messageOf(data.error, t('attention.fetchFailed'))}
        </Alert>
      )}
      {data.isSuccess && data.data.rows.length === 0 && <Text>{t('stock.noData')}</Text>}
      <Stack gap="lg">
        {data.data?.rows.map((store) => (
          <section key={store._id} aria-label={store.storeName}>
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Title order={3} size="h5">
                  {store.storeName}
                </Title>
                <Text size="sm" c="dimmed">
                  {textOrNA(store.location)}
                </Text>
              </div>
              <Tooltip label={t('stock.exportPdf')}>
                <ActionIcon
                  variant="light"
                  size="lg"
                  aria-label={t('stock.exportStorePdf', { store: store.storeName })}
                  onClick={() => void exportSupplies(store._id, store.storeName)}
                >
                  <IconFileTypePdf size={20} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <VirtualTable
              caption={t('stock.suppliesOf', { store: store.storeName })}
              columns={SUPPLY_COLUMNS}
              rows={store.inventoryDetails}
              rowKey={(detail) => detail.productName}
              cells={(detail) => [detail.productName, detail.damageStock, detail.refundStock, detail.consumedStock, detail.totalQuantity]}
              emptyText={t('stock.noData')}
              maxHeight="min(60vh, 480px)"
            />
          </section>
        ))}
      </Stack>
      <Pager page={page} total={data.data?.total ?? 0} onChange={setPage} />
    </PageCard>
  );
}
