import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { SupplierInvoice } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '../../../app/layouts/page-card';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { localDate } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { ListRow } from '../../../lib/list-row';
import { formatMoney, useCurrency } from '../../../lib/money';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { type ReasonAsk, ReasonDialog } from '../../../lib/reason-dialog';
import { useApproveInvoice, useSupplierInvoices } from '../api/supplier-invoices';
import { MatchBadge } from '../components/match-badge';
import { NewInvoiceForm } from '../components/new-invoice-form';

/** An invoice's lines, each against its order line: what it charges, what the order says, and how they match. */
function InvoiceLines({ invoice }: { invoice: SupplierInvoice }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} role="list" aria-label={t('invoices.linesOf', { number: invoice.number })}>
      {invoice.lines.map((line) => (
        <Group key={line._id} role="listitem" aria-label={line.name} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm">
              {line.purchaseOrder.number} · {line.name}
            </Text>
            <Text size="xs" c="dimmed">
              {t('invoices.charges', { quantity: line.quantity, unit: line.unit, price: line.unitPrice })} ·{' '}
              {t('invoices.against', { cost: line.orderedUnitCost, invoiceable: line.invoiceable })}
            </Text>
          </Stack>
          <MatchBadge match={line.match} />
        </Group>
      ))}
    </Stack>
  );
}

/** Suppliers' invoices: entered against the orders, each line matched three ways, approved when they match or with a reason. */
export function SupplierInvoicesPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'approved'>('open');
  const invoices = useSupplierInvoices({ status });
  const approve = useApproveInvoice();
  const currency = useCurrency();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [asking, setAsking] = useState<ReasonAsk | null>(null);

  async function approveMatched(invoice: SupplierInvoice) {
    try {
      setNotice({ ok: true, text: localMessage((await approve.mutateAsync({ id: invoice._id, key: newIdempotencyKey() })).message) });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, t('transfers.didNotWork')) });
    }
  }

  function approveWithReason(invoice: SupplierInvoice) {
    setAsking({
      title: t('invoices.approveTitle', { number: invoice.number }),
      text: t('invoices.approveText'),
      action: t('invoices.approve'),
      run: async (reason, key) => (await approve.mutateAsync({ id: invoice._id, reason, key })).message,
    });
  }

  const rows = invoices.data?.invoices ?? [];
  return (
    <PageCard title={t('invoices.title')}>
      <Stack gap="md">
        <Anchor component={Link} to="/dashboard/received-not-invoiced" size="sm">
          {t('invoices.receivedNotInvoiced')} →
        </Anchor>
        <Notice value={notice} onClose={() => setNotice(null)} />
        <NewInvoiceForm onDone={setNotice} />
        <SegmentedControl
          size="xs"
          aria-label={t('invoices.which')}
          value={status}
          onChange={(value) => setStatus(value as 'open' | 'approved')}
          data={[
            { value: 'open', label: t('invoices.open') },
            { value: 'approved', label: t('invoices.approved') },
          ]}
        />
        <ErrorAlert text={invoices.isError ? messageOf(invoices.error, t('attention.fetchFailed')) : null} />
        {invoices.data && rows.length === 0 && <Text size="sm">{t('invoices.none')}</Text>}
        <Stack gap={0} role="list" aria-label={t('invoices.title')}>
          {rows.map((invoice) => (
            <ListRow key={invoice._id} label={invoice.number}>
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Group gap="xs">
                  <Title order={3} size="h5">
                    {invoice.number}
                  </Title>
                  <Badge color={invoice.matched ? 'green' : 'red'} variant="light">
                    {invoice.matched ? t('invoices.matches.matched') : t('invoices.notMatched')}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {[
                    invoice.supplier.name,
                    localDate(invoice.date),
                    currency && formatMoney(invoice.total, currency),
                    invoice.overrideReason,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                <InvoiceLines invoice={invoice} />
              </Stack>
              {invoice.status === 'open' && (
                <Button
                  size="xs"
                  variant={invoice.matched ? 'filled' : 'default'}
                  onClick={() => (invoice.matched ? void approveMatched(invoice) : approveWithReason(invoice))}
                >
                  {invoice.matched ? t('invoices.approve') : t('invoices.approveAnyway')}
                </Button>
              )}
            </ListRow>
          ))}
        </Stack>
      </Stack>
      <ReasonDialog
        ask={asking}
        onClose={(message) => {
          setAsking(null);
          if (message) setNotice({ ok: true, text: localMessage(message) });
        }}
      />
    </PageCard>
  );
}
