import { ActionIcon, Alert, Group, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { Product, StockRow } from '@stockyard/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { DataTable } from '../../../lib/data-table';
import { isoDate, numberOrZero, textOrNA } from '../../../lib/format';
import { Pager } from '../../../lib/pager';
import { useStoreOptions } from '../../stores/api/stores';
import { useMaterialPage } from '../api/materials';
import { useStockTotal, useStoreStock, useTrackSupplies } from '../api/stock';
import { exportTrackSuppliesPdf } from '../track-supplies-pdf';

/** Total Stock: everything available across the admin's stores, then each material. */
export function TotalStockPage() {
  const [page, setPage] = useState(1);
  const total = useStockTotal();
  const products = useMaterialPage('', page);
  const isError = total.isError || products.isError;
  return (
    <PageCard title="Total Stock">
      {isError ? (
        <Alert color="red" role="alert">
          Unable to fetch total stock. Please try again later.
        </Alert>
      ) : (
        <Title order={3} size="h4" mb="md">
          Total Stock : {total.data ? total.data.totalAvailable.toLocaleString('en') : '...'}
        </Title>
      )}
      <DataTable<Product>
        caption="Total Stock"
        minWidth={360}
        isLoading={products.isPending}
        loadingText="Loading stock details..."
        rows={products.data?.rows}
        rowKey={(p) => p._id}
        emptyText="No materials found."
        columns={[
          { header: 'Material Name', render: (p) => textOrNA(p.name) },
          { header: 'Available Quantity', render: (p) => numberOrZero(p.availableQuantity), align: 'right' },
        ]}
      />
      <Pager page={page} total={products.data?.total ?? 0} onChange={setPage} />
    </PageCard>
  );
}

/** Stock Availability: each material's available quantity. */
export function AvailableStockPage() {
  const [page, setPage] = useState(1);
  const products = useMaterialPage('', page);
  return (
    <PageCard title="Stock Availability">
      {products.isError && (
        <Alert color="red" role="alert" mb="md">
          Unable to fetch stock availability. Please try again later.
        </Alert>
      )}
      <DataTable<Product>
        caption="Stock Availability"
        minWidth={360}
        isLoading={products.isPending}
        rows={products.data?.rows}
        rowKey={(p) => p._id}
        emptyText="No materials found."
        columns={[
          { header: 'Material Name', render: (p) => textOrNA(p.name) },
          { header: 'Available Quantity', render: (p) => numberOrZero(p.availableQuantity), align: 'right' },
        ]}
      />
      <Pager page={page} total={products.data?.total ?? 0} onChange={setPage} />
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
      {stock.isError && (
        <Alert color="red" role="alert" mb="md">
          {messageOf(stock.error, 'Unable to fetch stock availability. Please try again later.')}
        </Alert>
      )}
      <DataTable<StockRow>
        caption="Stock"
        minWidth={640}
        isLoading={stores.isPending || stock.isPending}
        rows={stock.data?.rows}
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
      <Pager page={page} total={stock.data?.total ?? 0} onChange={setPage} />
    </PageCard>
  );
}

/** Track Supplies: each store's per-material breakdown, with a PDF per store. */
export function TrackSuppliesPage() {
  const [page, setPage] = useState(1);
  const data = useTrackSupplies(page);
  return (
    <PageCard title="Track Supplies">
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
                  onClick={() => void exportTrackSuppliesPdf(store)}
                >
                  <IconFileTypePdf size={20} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Table.ScrollContainer minWidth={520}>
              <Table striped fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Damaged Stock</Table.Th>
                    <Table.Th ta="right">Return Stock</Table.Th>
                    <Table.Th ta="right">Issued Stock</Table.Th>
                    <Table.Th ta="right">Total Quantity</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {store.inventoryDetails.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>No data available.</Table.Td>
                    </Table.Tr>
                  )}
                  {store.inventoryDetails.map((detail) => (
                    <Table.Tr key={detail.productName}>
                      <Table.Td>{detail.productName}</Table.Td>
                      <Table.Td ta="right">{detail.damageStock}</Table.Td>
                      <Table.Td ta="right">{detail.refundStock}</Table.Td>
                      <Table.Td ta="right">{detail.consumedStock}</Table.Td>
                      <Table.Td ta="right">{detail.totalQuantity}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </section>
        ))}
      </Stack>
      <Pager page={page} total={data.data?.total ?? 0} onChange={setPage} />
    </PageCard>
  );
}
