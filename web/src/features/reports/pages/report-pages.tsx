import { Alert, Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { REPORT_DATES_REQUIRED, REPORT_NO_DATA, REPORT_STORE_AND_DATES_REQUIRED, type ReportRow } from '@stockyard/contract';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useStoreOptions } from '../../stores';
import {
  type AdminReportQuery,
  downloadReport,
  type ReportFormat,
  type ReportQuery,
  useAdminReport,
  useKeeperReport,
} from '../api/reports';
import { ReportTable } from '../report-table';

function DateRange(props: { start: string; end: string; onStart: (value: string) => void; onEnd: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput label={t('reports.startDate')} type="date" value={props.start} onChange={(e) => props.onStart(e.currentTarget.value)} />
      <TextInput label={t('reports.endDate')} type="date" value={props.end} onChange={(e) => props.onEnd(e.currentTarget.value)} />
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
  const fetchReport = useAdminReport();
  const [storeId, setStoreId] = useState<string | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<FetchedReport | null>(null);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setReport(null);
    const store = stores.data?.find((candidate) => candidate._id === storeId);
    if (!store || !start || !end) {
      setError(localMessage(REPORT_STORE_AND_DATES_REQUIRED));
      return;
    }
    try {
      const query = { storeId: store._id, storeName: store.name, startDate: start, endDate: end };
      setReport({ query, rows: await fetchReport.mutateAsync(query) });
    } catch (caught) {
      setError(messageOf(caught, t('reports.productsFailed')));
    }
  }

  return (
    <PageCard title={t('reports.generate')}>
      <FormStack onSubmit={handleSubmit}>
        {stores.isError && (
          <Alert color="red" role="alert">
            {t('reports.storesFailed')}
          </Alert>
        )}
        <ErrorAlert text={error} />
        <Select
          label={t('stores.store')}
          placeholder={t('stores.select')}
          data={(stores.data ?? []).map((store) => ({ value: store._id, label: store.name }))}
          value={storeId}
          onChange={setStoreId}
          searchable
          maw={420}
        />
        <DateRange start={start} end={end} onStart={setStart} onEnd={setEnd} />
        <FetchButton isBusy={fetchReport.isPending} />
        {report && report.rows.length === 0 && <Alert color="yellow">{localMessage(REPORT_NO_DATA)}</Alert>}
        {report && report.rows.length > 0 && <Downloads report={report} pdfLabel={t('reports.generatePdf')} />}
      </FormStack>
      {report && report.rows.length > 0 && <ReportTable rows={report.rows} />}
    </PageCard>
  );
}

/** Generate Store Report (keeper): their store over a date range. */
export function KeeperReportPage() {
  const fetchReport = useKeeperReport();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<FetchedReport | null>(null);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setReport(null);
    if (!start || !end) {
      setError(localMessage(REPORT_DATES_REQUIRED));
      return;
    }
    try {
      const query = { startDate: start, endDate: end };
      setReport({ query, rows: await fetchReport.mutateAsync(query) });
    } catch (caught) {
      setError(messageOf(caught, t('reports.reportFailed')));
    }
  }

  return (
    <PageCard title={t('reports.generateStore')}>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <DateRange start={start} end={end} onStart={setStart} onEnd={setEnd} />
        <FetchButton isBusy={fetchReport.isPending} />
        {report && report.rows.length === 0 && <Alert color="yellow">{t('reports.noRecords')}</Alert>}
        {report && report.rows.length > 0 && <Downloads report={report} pdfLabel={t('reports.downloadPdf')} />}
      </FormStack>
      {report && report.rows.length > 0 && <ReportTable rows={report.rows} />}
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
