import { Alert, Button, Group, Select, SimpleGrid } from '@mantine/core';
import { REPORT_DATES_REQUIRED, REPORT_NO_DATA, REPORT_STORE_AND_DATES_REQUIRED, type ReportRow } from '@stockyard/contract';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DateField } from '../../../lib/date-field';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useStoreOptions } from '../../stores';
import { type AdminReportQuery, downloadReport, type ReportFormat, type ReportQuery, useReport } from '../api/reports';
import { ReportTable } from '../report-table';

function DateRange(props: { start: string; end: string; onStart: (value: string) => void; onEnd: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <DateField label={t('reports.startDate')} value={props.start} onChange={(day) => props.onStart(day)} />
      <DateField label={t('reports.endDate')} value={props.end} onChange={(day) => props.onEnd(day)} />
    </SimpleGrid>
  );
}

type FetchedReport = { query: ReportQuery | AdminReportQuery; rows: ReportRow[] };

/** The PDF and CSV buttons: the server makes the file, so a phone only downloads it. */
function Downloads({ report, pdfLabel }: { report: FetchedReport; pdfLabel: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const { t } = useTranslation();
  async function download(format: ReportFormat) {
    setError(null);
    if (report.rows.length === 0) {
      setError(localMessage(REPORT_NO_DATA));
      return;
    }
    setBusy(format);
    try {
      await downloadReport(report.query, format);
    } catch (caught) {
      setError(messageOf(caught, t('reports.fileFailed')));
    } finally {
      setBusy(null);
    }
  }
  return (
    <>
      <ErrorAlert text={error} />
      <Group>
        <Button leftSection={<IconFileTypePdf size={18} />} onClick={() => void download('pdf')} loading={busy === 'pdf'}>
          {pdfLabel}
        </Button>
        <Button variant="light" leftSection={<IconFileTypeCsv size={18} />} onClick={() => void download('csv')} loading={busy === 'csv'}>
          {t('lists.downloadCsv')}
        </Button>
      </Group>
    </>
  );
}

/** Generate Report (admin): any store, a date range, then the table and its PDF and CSV. */
export function AdminReportPage() {
  const stores = useStoreOptions();
  const [storeId, setStoreId] = useState<string | null>(null);
  const { t } = useTranslation();
  const storePicker = (
    <>
      {stores.isError && (
        <Alert color="red" role="alert">
          {t('reports.storesFailed')}
        </Alert>
      )}
      <Select
        label={t('stores.store')}
        placeholder={t('stores.select')}
        data={(stores.data ?? []).map((store) => ({ value: store._id, label: store.name }))}
        value={storeId}
        onChange={setStoreId}
        searchable
        maw={420}
      />
    </>
  );
  return (
    <ReportPage
      title={t('reports.generate')}
      picker={storePicker}
      texts={{ pdf: t('reports.generatePdf'), noData: localMessage(REPORT_NO_DATA), failure: t('reports.productsFailed') }}
      ask={(range) => {
        const store = stores.data?.find((candidate) => candidate._id === storeId);
        if (!store || !range.startDate || !range.endDate) return localMessage(REPORT_STORE_AND_DATES_REQUIRED);
        return { ...range, storeId: store._id, storeName: store.name };
      }}
    />
  );
}

/** Generate Store Report (keeper): their store over a date range. */
export function KeeperReportPage() {
  const { t } = useTranslation();
  return (
    <ReportPage
      title={t('reports.generateStore')}
      texts={{ pdf: t('reports.downloadPdf'), noData: t('reports.noRecords'), failure: t('reports.reportFailed') }}
      ask={(range) => (range.startDate && range.endDate ? range : localMessage(REPORT_DATES_REQUIRED))}
    />
  );
}

/**
 * A report screen: a date range (and what `picker` adds), then the rows, read when asked for and
 * again after a stock change, with their PDF and CSV. `ask` turns the range into the report's query,
 * or says what is missing.
 */
function ReportPage(props: {
  title: string;
  picker?: ReactNode;
  texts: { pdf: string; noData: string; failure: string };
  ask: (range: ReportQuery) => ReportQuery | AdminReportQuery | string;
}) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [asked, setAsked] = useState<ReportQuery | AdminReportQuery | null>(null);
  const report = useReport(asked);
  const fetched: FetchedReport | null = asked && report.data ? { query: asked, rows: report.data } : null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const query = props.ask({ startDate: start, endDate: end });
    setMissing(typeof query === 'string' ? query : null);
    if (typeof query === 'string') return setAsked(null);
    // Asking again for the same report reads it again: someone else may have recorded since.
    if (JSON.stringify(query) === JSON.stringify(asked)) void report.refetch();
    else setAsked(query);
  }

  return (
    <PageCard title={props.title}>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={missing ?? (report.isError ? messageOf(report.error, props.texts.failure) : null)} />
        {props.picker}
        <DateRange start={start} end={end} onStart={setStart} onEnd={setEnd} />
        <FetchButton isBusy={report.isFetching} />
        {fetched && fetched.rows.length === 0 && <Alert color="yellow">{props.texts.noData}</Alert>}
        {fetched && fetched.rows.length > 0 && <Downloads report={fetched} pdfLabel={props.texts.pdf} />}
      </FormStack>
      {fetched && fetched.rows.length > 0 && <ReportTable rows={fetched.rows} />}
    </PageCard>
  );
}

function FetchButton({ isBusy }: { isBusy: boolean }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button type="submit" disabled={isBusy}>
        {isBusy ? t('reports.fetching') : t('reports.fetch')}
      </Button>
    </Group>
  );
}
