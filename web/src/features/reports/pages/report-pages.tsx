import { Alert, Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { REPORT_DATES_REQUIRED, REPORT_NO_DATA, REPORT_STORE_AND_DATES_REQUIRED, type ReportRow } from '@stockyard/contract';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { PageCard } from '../../../app/layouts/page-card';
import { ApiError, messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useStoreOptions } from '../../stores/api/stores';
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
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput label="Start Date" type="date" value={props.start} onChange={(e) => props.onStart(e.currentTarget.value)} />
      <TextInput label="End Date" type="date" value={props.end} onChange={(e) => props.onEnd(e.currentTarget.value)} />
    </SimpleGrid>
  );
}

type FetchedReport = { query: ReportQuery | AdminReportQuery; rows: ReportRow[] };

/** The PDF and CSV buttons: the server makes the file, so a phone only downloads it. */
function Downloads({ report, pdfLabel }: { report: FetchedReport; pdfLabel: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  async function download(format: ReportFormat) {
    setError(null);
    if (report.rows.length === 0) {
      setError(REPORT_NO_DATA);
      return;
    }
    setBusy(format);
    try {
      await downloadReport(report.query, format);
    } catch (caught) {
      setError(messageOf(caught, 'The file could not be made. Please try again.'));
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
          Download CSV
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

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setReport(null);
    const store = stores.data?.find((candidate) => candidate._id === storeId);
    if (!store || !start || !end) {
      setError(REPORT_STORE_AND_DATES_REQUIRED);
      return;
    }
    try {
      const query = { storeId: store._id, storeName: store.name, startDate: start, endDate: end };
      setReport({ query, rows: await fetchReport.mutateAsync(query) });
    } catch (caught) {
      setError((caught instanceof ApiError && caught.serverMessage) || 'Error fetching products');
    }
  }

  return (
    <PageCard title="Generate Report">
      <FormStack onSubmit={handleSubmit}>
        {stores.isError && (
          <Alert color="red" role="alert">
            Error fetching store names
          </Alert>
        )}
        <ErrorAlert text={error} />
        <Select
          label="Store"
          placeholder="Select a store"
          data={(stores.data ?? []).map((store) => ({ value: store._id, label: store.name }))}
          value={storeId}
          onChange={setStoreId}
          searchable
          maw={420}
        />
        <DateRange start={start} end={end} onStart={setStart} onEnd={setEnd} />
        <FetchButton isBusy={fetchReport.isPending} />
        {report && report.rows.length === 0 && <Alert color="yellow">{REPORT_NO_DATA}</Alert>}
        {report && report.rows.length > 0 && <Downloads report={report} pdfLabel="Generate PDF Report" />}
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

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setReport(null);
    if (!start || !end) {
      setError(REPORT_DATES_REQUIRED);
      return;
    }
    try {
      const query = { startDate: start, endDate: end };
      setReport({ query, rows: await fetchReport.mutateAsync(query) });
    } catch (caught) {
      setError((caught instanceof ApiError && caught.serverMessage) || 'Error fetching report.');
    }
  }

  return (
    <PageCard title="Generate Store Report">
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <DateRange start={start} end={end} onStart={setStart} onEnd={setEnd} />
        <FetchButton isBusy={fetchReport.isPending} />
        {report && report.rows.length === 0 && <Alert color="yellow">No records found.</Alert>}
        {report && report.rows.length > 0 && <Downloads report={report} pdfLabel="Download PDF Report" />}
      </FormStack>
      {report && report.rows.length > 0 && <ReportTable rows={report.rows} />}
    </PageCard>
  );
}

function FetchButton({ isBusy }: { isBusy: boolean }) {
  return (
    <Group>
      <Button type="submit" disabled={isBusy}>
        {isBusy ? 'Fetching...' : 'Fetch Report'}
      </Button>
    </Group>
  );
}
