import { Group, Progress, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { JOB_COST_GROUPS, type JobCostResponse } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { currentLanguage } from '../../../i18n/i18n';
import { messageOf } from '../../../lib/api';
import { type Column, DataTable } from '../../../lib/data-table';
import { DateField } from '../../../lib/date-field';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { ErrorAlert } from '../../../lib/error-alert';
import { localNumber } from '../../../lib/format';
import { numberFormat } from '../../../lib/intl-formats';
import { formatMoney } from '../../../lib/money';
import { useAllJobs, useJobCost } from '../api/jobs';

type Line = JobCostResponse['lines'][number];

/** A line's name: a cost code with its name ("03 30 00 · Concrete"), or the label of a material, month or store. */
function lineName(line: Line, groupBy: string, noCostCode: string): string {
  if (groupBy !== 'costCode') return line.label || (line.key ?? '');
  return line.key === null ? noCostCode : `${line.key} · ${line.label}`;
}

/** How much of its budget a job used, as a bar and words; nothing for a job without a budget. */
function BudgetUse({ cost }: { cost: JobCostResponse }) {
  const { t } = useTranslation();
  if (cost.budget === null || cost.used === null) return null;
  const percent = numberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 1 }).format(cost.used);
  return (
    <Stack gap={4}>
      <Progress value={Math.min(100, cost.used * 100)} color={cost.used > 1 ? 'red' : 'blue'} aria-label={t('jobs.budget')} />
      <Text size="sm" data-testid="job-budget-used">
        {t('jobs.used', { percent })}
      </Text>
    </Stack>
  );
}

/**
 * What a job consumed, in money: its issues and damage less its returns, grouped by cost code,
 * material, month or store over a range of days, with the total and the budget it used.
 */
export function JobCostPage() {
  const { t } = useTranslation();
  const jobs = useAllJobs();
  const [jobId, setJobId] = useState<string | null>(null);
  const [groupBy, setGroupBy] = useState<string>('costCode');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const cost = useJobCost(jobId ? { jobId, groupBy, from, to } : null);
  const filters = { groupBy, from: from || undefined, to: to || undefined };
  const money = (amount: string) => formatMoney(amount, cost.data?.currency ?? 'USD');
  const columns: Column<Line>[] = [
    {
      header: t(`jobs.groups.${groupBy}`),
      render: (line) => lineName(line, groupBy, t('jobs.noCostCode')),
    },
    ...(groupBy === 'material'
      ? [
          {
            header: t('jobs.quantity'),
            align: 'right' as const,
            render: (line: Line) => `${localNumber(line.quantity ?? 0)} ${line.unit ?? ''}`,
          },
        ]
      : []),
    { header: t('jobs.value'), align: 'right', render: (line) => money(line.value) },
  ];
  return (
    <PageCard title={t('jobs.cost')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('jobs.job')}
            placeholder={t('jobs.pickJob')}
            searchable
            data={(jobs.data ?? []).map((job) => ({
              value: job._id,
              label: `${job.code} · ${job.name}${job.isActive ? '' : ` (${t('jobs.closed')})`}`,
            }))}
            value={jobId}
            onChange={setJobId}
          />
          <Select
            label={t('jobs.groupBy')}
            data={JOB_COST_GROUPS.map((group) => ({ value: group, label: t(`jobs.groups.${group}`) }))}
            value={groupBy}
            onChange={(value) => setGroupBy(value ?? 'costCode')}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Group grow>
          <DateField label={t('jobs.from')} value={from} onChange={setFrom} />
          <DateField label={t('jobs.to')} value={to} onChange={setTo} />
        </Group>
        <ErrorAlert text={cost.isError ? messageOf(cost.error, t('attention.fetchFailed')) : null} />
        {cost.data && (
          <SimpleGrid cols={2}>
            <div>
              <Text size="xs" c="dimmed">
                {t('jobs.total')}
              </Text>
              <Text fw={700} size="lg" data-testid="job-cost-total">
                {money(cost.data.total)}
              </Text>
            </div>
            {cost.data.budget !== null && (
              <div>
                <Text size="xs" c="dimmed">
                  {t('jobs.budget')}
                </Text>
                <Text fw={700} size="lg">
                  {money(cost.data.budget)}
                </Text>
              </div>
            )}
          </SimpleGrid>
        )}
        {cost.data && <BudgetUse cost={cost.data} />}
        {cost.data && jobId && (
          <Group gap="xs">
            <DownloadCsvButton path={`/api/jobs/${jobId}/cost/csv`} filters={filters} fileName={`job_cost_${cost.data.job.code}.csv`} />
            <DownloadCsvButton
              path={`/api/jobs/${jobId}/cost/pdf`}
              filters={filters}
              fileName={`job_cost_${cost.data.job.code}.pdf`}
              label={t('labels.downloadPdf')}
            />
          </Group>
        )}
        {jobId && (
          <DataTable
            columns={columns}
            rows={cost.data?.lines}
            rowKey={(line) => line.key ?? ''}
            isLoading={cost.isPending}
            emptyText={t('jobs.nothing')}
            caption={t('jobs.cost')}
            minWidth={320}
          />
        )}
      </Stack>
    </PageCard>
  );
}
