import { Badge, Button, FileInput, Group, MultiSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { CostCode, Job } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { type Column, DataTable } from '../../../lib/data-table';
import { FormStack } from '../../../lib/form-stack';
import { newIdempotencyKey, useIdempotencyKey } from '../../../lib/idempotency-key';
import { formatMoney, useCurrency } from '../../../lib/money';
import { Notice, type NoticeValue, saveWithNotice as saved } from '../../../lib/notice';
import { base64Of } from '../../imports';
import { useStoreOptions } from '../../stores';
import { useAllJobs, useCostCodes, useCreateCostCode, useCreateJob, useImportCostCodes, useUpdateJob } from '../api/jobs';

/** A new job: its code, name, the stores it draws from and its budget; sent once however often it is pressed. */
function NewJobForm({ onDone }: { onDone: (notice: NoticeValue) => void }) {
  const { t } = useTranslation();
  const stores = useStoreOptions();
  const create = useCreateJob();
  const intent = useIdempotencyKey();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [storeIds, setStoreIds] = useState<string[]>([]);
  const [budget, setBudget] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    const send = () =>
      intent.send((idempotencyKey) => create.mutateAsync({ code, name, storeIds, budget: budget.trim() || null, idempotencyKey }));
    if (!(await saved(send, onDone, t('jobs.saveFailed')))) return;
    setCode('');
    setName('');
    setBudget('');
  }
  return (
    <FormStack onSubmit={(event) => void submit(event)}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('jobs.code')} required value={code} onChange={(e) => intent.tracking(setCode)(e.currentTarget.value)} />
        <TextInput label={t('jobs.name')} required value={name} onChange={(e) => intent.tracking(setName)(e.currentTarget.value)} />
        <MultiSelect
          label={t('jobs.stores')}
          required
          searchable
          data={(stores.data ?? []).map((store) => ({ value: store._id, label: store.name }))}
          value={storeIds}
          onChange={intent.tracking(setStoreIds)}
        />
        <TextInput
          label={t('jobs.budget')}
          inputMode="decimal"
          value={budget}
          onChange={(e) => intent.tracking(setBudget)(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('jobs.create')}
      </Button>
    </FormStack>
  );
}

/** A new cost code of the company's list. */
function NewCostCodeForm({ onDone }: { onDone: (notice: NoticeValue) => void }) {
  const { t } = useTranslation();
  const create = useCreateCostCode();
  const intent = useIdempotencyKey();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    const send = () => intent.send((idempotencyKey) => create.mutateAsync({ code, name, idempotencyKey }));
    if (!(await saved(send, onDone, t('jobs.saveFailed')))) return;
    setCode('');
    setName('');
  }
  return (
    <FormStack onSubmit={(event) => void submit(event)}>
      <Group align="flex-end" grow>
        <TextInput label={t('jobs.costCode')} required value={code} onChange={(e) => intent.tracking(setCode)(e.currentTarget.value)} />
        <TextInput label={t('jobs.name')} required value={name} onChange={(e) => intent.tracking(setName)(e.currentTarget.value)} />
      </Group>
      <Button type="submit" variant="light" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('jobs.addCostCode')}
      </Button>
    </FormStack>
  );
}

/** A CSV or XLSX of cost codes (a Code and a Name column), added to the list at once, all or none. */
function ImportCostCodes({ onDone }: { onDone: (notice: NoticeValue) => void }) {
  const { t } = useTranslation();
  const run = useImportCostCodes();
  async function pick(file: File | null) {
    if (!file) return;
    const content = await base64Of(file);
    await saved(() => run.mutateAsync({ fileName: file.name, content, idempotencyKey: newIdempotencyKey() }), onDone, t('jobs.saveFailed'));
  }
  return (
    <FileInput
      label={t('jobs.importCostCodes')}
      description={t('jobs.importCostCodesHint')}
      accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      value={null}
      onChange={(file) => void pick(file)}
      disabled={run.isPending}
      clearable={false}
    />
  );
}

/** The admin's jobs (open and closed, each closed or reopened in one press) and the company's cost codes. */
export function JobsPage() {
  const { t } = useTranslation();
  const jobs = useAllJobs();
  const codes = useCostCodes();
  const update = useUpdateJob();
  const currency = useCurrency();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const toggle = (job: Job) => saved(() => update.mutateAsync({ id: job._id, isActive: !job.isActive }), setNotice, t('jobs.saveFailed'));
  const jobColumns: Column<Job>[] = [
    { header: t('jobs.code'), render: (job) => job.code },
    { header: t('jobs.name'), render: (job) => job.name },
    { header: t('jobs.stores'), render: (job) => job.stores.map((store) => store.name).join(', ') },
    { header: t('jobs.budget'), align: 'right', render: (job) => (job.budget && currency ? formatMoney(job.budget, currency) : '—') },
    {
      header: t('jobs.state'),
      render: (job) => (
        <Group gap="xs" wrap="nowrap">
          <Badge color={job.isActive ? 'green' : 'gray'} variant="light">
            {job.isActive ? t('jobs.open') : t('jobs.closed')}
          </Badge>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => void toggle(job)}
            aria-label={`${job.isActive ? t('jobs.close') : t('jobs.reopen')} ${job.code}`}
          >
            {job.isActive ? t('jobs.close') : t('jobs.reopen')}
          </Button>
        </Group>
      ),
    },
  ];
  const codeColumns: Column<CostCode>[] = [
    { header: t('jobs.costCode'), render: (code) => code.code },
    { header: t('jobs.name'), render: (code) => code.name },
  ];
  return (
    <PageCard title={t('jobs.title')}>
      <Stack gap="md">
        <Notice value={notice} onClose={() => setNotice(null)} />
        <NewJobForm onDone={setNotice} />
        <DataTable
          columns={jobColumns}
          rows={jobs.data}
          rowKey={(job) => job._id}
          isLoading={jobs.isPending}
          emptyText={t('jobs.none')}
          caption={t('jobs.title')}
        />
        <Title order={3} size="h4">
          {t('jobs.costCodes')}
        </Title>
        <NewCostCodeForm onDone={setNotice} />
        <ImportCostCodes onDone={setNotice} />
        <DataTable
          columns={codeColumns}
          rows={codes.data}
          rowKey={(code) => code._id}
          isLoading={codes.isPending}
          emptyText={t('jobs.noCostCodes')}
          caption={t('jobs.costCodes')}
          minWidth={320}
        />
      </Stack>
    </PageCard>
  );
}
