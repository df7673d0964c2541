import { Badge, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ValuationRow } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { type Column, DataTable } from '../../../lib/data-table';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { ErrorAlert } from '../../../lib/error-alert';
import { localNumber } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores';
import { useValuation } from '../api/valuation';

/** A figure with its label, large, at the top of the screen. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * What the stock is worth, store by store, at the end of a day: each material's quantity, average
 * cost and value, the total, and what is on its way between stores apart. A material held at no
 * value is marked unvalued, so nobody mistakes it for free.
 */
export function ValuationPage() {
  const { t } = useTranslation();
  const isAdmin = useRole() === 'admin';
  const [storeId, setStoreId] = useState<string | null>(null);
  const [asOf, setAsOf] = useState('');
  const filters = { storeId: storeId ?? undefined, asOf: asOf || undefined };
  const valuation = useValuation(filters);
  const currency = valuation.data?.currency ?? 'USD';
  const money = (amount: string) => formatMoney(amount, currency);
  const columns: Column<ValuationRow>[] = [
    { header: t('money.store'), render: (row) => row.storeName },
    {
      header: t('money.material'),
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <span>{row.name}</span>
          {row.isUnvalued && (
            <Badge color="orange" variant="light" size="sm" title={t('money.unvaluedHint')}>
              {t('money.unvalued')}
            </Badge>
          )}
        </Group>
      ),
    },
    { header: t('money.quantity'), align: 'right', render: (row) => `${localNumber(row.quantity)} ${row.unit}` },
    { header: t('money.averageCost'), align: 'right', render: (row) => (row.averageCost === null ? '—' : money(row.averageCost)) },
    { header: t('money.value'), align: 'right', render: (row) => money(row.value) },
  ];
  return (
    <PageCard title={t('money.valuation')}>
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap">
          {isAdmin && <StoreSelect value={storeId} onChange={setStoreId} required={false} label={t('money.store')} />}
          <TextInput type="date" label={t('money.asOf')} value={asOf} onChange={(event) => setAsOf(event.currentTarget.value)} />
        </Group>
        {valuation.data && (
          <Group gap="xs">
            <DownloadCsvButton path="/api/valuation/csv" filters={filters} fileName={`stock_valuation_${valuation.data.asOf}.csv`} />
            <DownloadCsvButton
              path="/api/valuation/pdf"
              filters={filters}
              fileName={`stock_valuation_${valuation.data.asOf}.pdf`}
              label={t('labels.downloadPdf')}
            />
          </Group>
        )}
        <ErrorAlert text={valuation.isError ? messageOf(valuation.error, t('attention.fetchFailed')) : null} />
        {valuation.data && (
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            <Figure label={t('money.totalValue')} value={money(valuation.data.totals.value)} testId="valuation-total" />
            <Figure label={t('money.inTransit')} value={money(valuation.data.inTransit.value)} testId="valuation-in-transit" />
          </SimpleGrid>
        )}
        <DataTable
          columns={columns}
          rows={valuation.data?.rows}
          rowKey={(row) => `${row.storeId}:${row.materialId}`}
          isLoading={valuation.isPending}
          emptyText={t('money.nothing')}
          caption={t('money.valuation')}
          cardsOnPhone
        />
      </Stack>
    </PageCard>
  );
}
