import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { RevaluationRequestSchema, type ValuationRow } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { type Column, DataTable } from '../../../lib/data-table';
import { DateField } from '../../../lib/date-field';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { localNumber } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { formatMoney } from '../../../lib/money';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { UnitCostInput } from '../../../lib/unit-cost-input';
import { useRole } from '../../../lib/use-session';
import { parsePayload } from '../../../lib/validation';
import { VirtualTable } from '../../../lib/virtual-table';
import { StoreSelect } from '../../stores';
import { useRevalue, useValuation } from '../api/valuation';

/**
 * Beyond this many rows (every store's valuation holds tens of thousands) only the rows in view are
 * drawn: laid out as cards or rows all at once they froze a phone for seconds.
 */
const CARD_ROWS_AT_MOST = 200;
/** Column widths of the long valuation's table, in pixels, in the order of its columns. */
const VIRTUAL_WIDTHS = [140, 280, 110, 110, 130, 100];

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

/** The admin's revaluation of one material: its new cost per unit, recorded as a revaluation line. */
function RevalueDialog(props: { row: ValuationRow | null; onClose: () => void; onDone: (notice: NoticeValue) => void }) {
  const { t } = useTranslation();
  const revalue = useRevalue();
  const intent = useIdempotencyKey();
  const [unitCost, setUnitCost] = useState('');
  const { row } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a row opened afresh starts from its own average
  useEffect(() => setUnitCost(row?.averageCost ?? ''), [row?.materialId, row?.storeId]);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!row) return;
    const parsed = parsePayload(RevaluationRequestSchema, { storeId: row.storeId, lines: [{ materialId: row.materialId, unitCost }] });
    if ('problem' in parsed) return props.onDone({ ok: false, text: localMessage(parsed.problem) });
    try {
      const answer = await revalue.mutateAsync({ ...parsed.data, idempotencyKey: intent.key });
      props.onDone({ ok: true, text: localMessage(answer.message) });
      intent.renew();
      props.onClose();
    } catch (error) {
      intent.settle(error);
      props.onDone({ ok: false, text: messageOf(error, t('money.revalueFailed')) });
    }
  }
  return (
    <Modal opened={row !== null} onClose={props.onClose} title={t('money.revalueOf', { name: row?.name ?? '' })} centered>
      <FormStack onSubmit={(event) => void submit(event)}>
        <Text size="sm">{t('money.revalueHint')}</Text>
        <UnitCostInput value={unitCost} onChange={intent.tracking(setUnitCost)} description={t('money.revalueField')} />
        <Button type="submit" loading={revalue.isPending}>
          {t('money.revalue')}
        </Button>
      </FormStack>
    </Modal>
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
  const [revaluing, setRevaluing] = useState<ValuationRow | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  // Revaluing changes today's stock: offered on today's valuation only.
  const canRevalue = isAdmin && !asOf;
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
    ...(canRevalue
      ? [
          {
            header: t('money.revalue'),
            render: (row: ValuationRow) => (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => setRevaluing(row)}
                aria-label={t('money.revalueOf', { name: row.name })}
              >
                {t('money.revalue')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  const rowKey = (row: ValuationRow) => `${row.storeId}:${row.materialId}`;
  return (
    <PageCard title={t('money.valuation')}>
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap">
          {isAdmin && <StoreSelect value={storeId} onChange={setStoreId} required={false} label={t('money.store')} />}
          <DateField label={t('money.asOf')} value={asOf} onChange={setAsOf} />
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
        <Notice value={notice} onClose={() => setNotice(null)} />
        <ErrorAlert text={valuation.isError ? messageOf(valuation.error, t('attention.fetchFailed')) : null} />
        {valuation.data && (
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            <Figure label={t('money.totalValue')} value={money(valuation.data.totals.value)} testId="valuation-total" />
            <Figure label={t('money.inTransit')} value={money(valuation.data.inTransit.value)} testId="valuation-in-transit" />
          </SimpleGrid>
        )}
        {valuation.data && valuation.data.rows.length > CARD_ROWS_AT_MOST ? (
          <VirtualTable
            caption={t('money.valuation')}
            columns={columns.map((column, index) => ({ header: column.header, width: VIRTUAL_WIDTHS[index] ?? 120, align: column.align }))}
            rows={valuation.data.rows}
            rowKey={rowKey}
            cells={(row) => columns.map((column) => column.render(row))}
            maxHeight="min(70vh, 640px)"
          />
        ) : (
          <DataTable
            columns={columns}
            rows={valuation.data?.rows}
            rowKey={rowKey}
            isLoading={valuation.isPending}
            emptyText={t('money.nothing')}
            caption={t('money.valuation')}
            cardsOnPhone
          />
        )}
      </Stack>
      <RevalueDialog row={revaluing} onClose={() => setRevaluing(null)} onDone={setNotice} />
    </PageCard>
  );
}
