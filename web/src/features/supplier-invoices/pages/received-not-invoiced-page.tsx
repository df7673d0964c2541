import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReceivedNotInvoicedResponse } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { type Column, DataTable } from '../../../lib/data-table';
import { DateField } from '../../../lib/date-field';
import { ErrorAlert } from '../../../lib/error-alert';
import { localDate, localNumber } from '../../../lib/format';
import { formatMoney, useCurrency } from '../../../lib/money';
import { StoreSelect } from '../../stores';
import { useReceivedNotInvoiced } from '../api/supplier-invoices';

type Row = ReceivedNotInvoicedResponse['rows'][number];

/**
 * What the suppliers delivered and have not invoiced yet, at the end of a day: each order line with
 * what arrived (less what went back), what approved invoices charged, and the rest valued at the
 * order's cost. The office's accrual at month end.
 */
export function ReceivedNotInvoicedPage() {
  const { t } = useTranslation();
  const [storeId, setStoreId] = useState<string | null>(null);
  const [asOf, setAsOf] = useState('');
  const report = useReceivedNotInvoiced({ storeId: storeId ?? undefined, asOf: asOf || undefined });
  const currency = useCurrency() ?? 'USD';
  const columns: Column<Row>[] = [
    {
      header: t('invoices.order'),
      render: (row) => (
        <Anchor component={Link} to={`/dashboard/purchase-orders/${row.purchaseOrder._id}`} size="sm">
          {row.purchaseOrder.number}
        </Anchor>
      ),
    },
    { header: t('invoices.supplier'), render: (row) => row.supplier.name },
    { header: t('money.store'), render: (row) => row.store.name },
    { header: t('money.material'), render: (row) => row.name },
    { header: t('purchases.received'), align: 'right', render: (row) => `${localNumber(row.received)} ${row.unit}` },
    { header: t('invoices.invoiced'), align: 'right', render: (row) => localNumber(row.invoiced) },
    { header: t('invoices.notInvoiced'), align: 'right', render: (row) => localNumber(row.notInvoiced) },
    { header: t('money.unitCost'), align: 'right', render: (row) => formatMoney(row.unitCost, currency) },
    { header: t('money.value'), align: 'right', render: (row) => formatMoney(row.value, currency) },
  ];
  return (
    <PageCard title={t('invoices.receivedNotInvoiced')}>
      <Stack gap="sm">
        <Anchor component={Link} to="/dashboard/supplier-invoices" size="sm">
          ← {t('invoices.title')}
        </Anchor>
        <Group align="flex-end" wrap="wrap">
          <StoreSelect value={storeId} onChange={setStoreId} required={false} label={t('money.store')} />
          <DateField label={t('money.asOf')} value={asOf} onChange={setAsOf} />
        </Group>
        <ErrorAlert text={report.isError ? messageOf(report.error, t('attention.fetchFailed')) : null} />
        {report.data && (
          <Text fw={700} data-testid="not-invoiced-total">
            {t('invoices.notInvoicedTotal', { day: localDate(report.data.asOf), total: formatMoney(report.data.total, currency) })}
          </Text>
        )}
        <DataTable
          columns={columns}
          rows={report.data?.rows}
          rowKey={(row) => row.purchaseOrderLineId}
          isLoading={report.isPending}
          emptyText={t('invoices.allInvoiced')}
          caption={t('invoices.receivedNotInvoiced')}
          cardsOnPhone
        />
      </Stack>
    </PageCard>
  );
}
