import { ActionIcon, Alert, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Product, StockRow } from '@stockyard/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { isoDate, numberOrZero, textOrNA } from '../../../lib/format';
import { PagedTable } from '../../../lib/paged-table';
import { Pager } from '../../../lib/pager';
import { type VirtualColumn, VirtualTable } from '../../../lib/virtual-table';
import { useStoreOptions } from '../../stores/api/stores';
import { useMaterialPage } from '../api/materials';
import { downloadTrackSupplies, useStockTotal, useStoreStock, useTrackSupplies } from '../api/stock';

/** Each material's available quantity, a page at a time. */
function AvailabilityTable(props: { caption: string; errorText: string; loadingText?: string }) {
  const [page, setPage] = useState(1);
  const products = useMaterialPage('', page);
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
      emptyText="No materials found."
      columns={[
        { header: 'Material Name', render: (p) => textOrNA(p.name) },
        { header: 'Available Quantity', render: (p) => numberOrZero(p.availableQuantity), align: 'right' },
      ]}
    />
  );
}

/** Total Stock: everything available across the admin's stores, then each material. */
export function TotalStockPage() {
  const total = useStockTotal();
  const unavailable = 'Unable to fetch total stock. Please try again later.';
  return (
    <PageCard title="Total Stock">
      {total.isError ? (
        <Alert color="red" role="alert" mb="md">
          {unavailable}
        </Alert>
      ) : (
        <Title order={3} size="h4" mb="md">
          Total Stock : {total.data ? total.data.totalAvailable.toLocaleString('en') : '...'}
        </Title>
      )}
      <AvailabilityTable caption="Total Stock" errorText={unavailable} loadingText="Loading stock details..." />
    </PageCard>
  );
}

/** Stock Availability: each material's available quantity. */
export function AvailableStockPage() {
  return (
    <PageCard title="Stock Availability">
      <AvailabilityTable caption="Stock Availability" errorText="Unable to fetch stock availability. Please try again later." />
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
  return (
    <PageCard title="Add Stock">
      <Select
        label="Store"
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
        errorText={(error) => messageOf(error, 'Unable to fetch stock availability. Please try again later.')}
        page={page}
        onPageChange={setPage}
        caption="Stock"
        minWidth={640}
        rowKey={(row) => row.id}
        emptyText="No materials found."
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
  async function exportSupplies(storeId: string, storeName: string) {
    setExportError(null);
    try {
      await downloadTrackSupplies(storeId, storeName);
    } catch (caught) {
      setExportError(messageOf(caught, 'The PDF could not be made. Please try again.'));
    }
  }
  return (
    <PageCard title="Track Supplies">
      <ErrorAlert text={exportError} />
      {data.isPending && <Text>Loading...</Text>}
      {data.isError && (
        <Alert color="red" role="alert">
          {messageOf(data.error, 'Failed to fetch data. Please try again.')}
        </Alert>
      )}
      {data.isSuccess && data.data.rows.length === 0 && <Text>No data available.</Text>}
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
              <Tooltip label="Export PDF">
                <ActionIcon
                  variant="light"
                  size="lg"
                  aria-label={`Export ${store.storeName} as PDF`}
                  onClick={() => void exportSupplies(store._id, store.storeName)}
                >
                  <IconFileTypePdf size={20} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <VirtualTable
              caption={`${store.storeName} supplies`}
              columns={SUPPLY_COLUMNS}
              rows={store.inventoryDetails}
              rowKey={(detail) => detail.productName}
              cells={(detail) => [detail.productName, detail.damageStock, detail.refundStock, detail.consumedStock, detail.totalQuantity]}
              emptyText="No data available."
              maxHeight="min(60vh, 480px)"
            />
          </section>
        ))}
      </Stack>
      <Pager page={page} total={data.data?.total ?? 0} onChange={setPage} />
    </PageCard>
  );
}
