import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';
import { Alert, Anchor, Card, Group, List, Select, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { DashboardResponse } from '@stockyard/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/api';
import { ddmmyyyy, localNumber } from '../../../lib/format';
import { dateTimeFormat } from '../../../lib/intl-formats';
import { formatMoney, useCurrency } from '../../../lib/money';
import { useOnline } from '../../offline';
import { useDashboard } from '../api/dashboard';

const percent = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(1)} %`);
const dayMonth = (day: string) => ddmmyyyy(day).slice(0, 5);

/** A chart with its text alternative: the same figures as a table, behind a switch. */
function ChartCard(props: {
  title: string;
  summary: string;
  table: [string[], (string | number)[][]];
  children: ReactNode;
  action?: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const { t } = useTranslation();
  const [head, rows] = props.table;
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Title order={3} size="h5">
          {props.title}
        </Title>
        <Switch size="sm" label={t('dashboard.table')} checked={asTable} onChange={(event) => setAsTable(event.currentTarget.checked)} />
      </Group>
      {props.action}
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {props.summary}
        </Text>
      ) : asTable ? (
        <Table.ScrollContainer minWidth={280}>
          <Table fz="sm" striped aria-label={props.title}>
            <Table.Thead>
              <Table.Tr>
                {head.map((cell, index) => (
                  <Table.Th key={cell} ta={index > 0 ? 'right' : undefined}>
                    {cell}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={String(row[0])}>
                  {row.map((cell, index) => (
                    <Table.Td key={head[index]} ta={index > 0 ? 'right' : undefined}>
                      {cell}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <div role="img" aria-label={`${props.title}: ${props.summary}`}>
          {props.children}
        </div>
      )}
    </Card>
  );
}

/** One horizontal bar per row, ranked, its height growing with the rows so labels never overlap. */
function RankedBars(props: {
  data: Record<string, string | number>[];
  dataKey: string;
  series: BarChartSeries;
  valueFormatter?: (value: number) => string;
}) {
  return (
    <BarChart
      h={Math.max(160, props.data.length * 30)}
      data={props.data}
      dataKey={props.dataKey}
      orientation="vertical"
      yAxisProps={{ width: 110 }}
      series={[props.series]}
      valueFormatter={props.valueFormatter}
      withTooltip={false}
      maxBarWidth={24}
    />
  );
}

function TopConsumed({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation();
  const rows = data.topConsumed.map((row) => ({ label: row.name, quantity: row.quantity }));
  const summary =
    rows.length === 0 ? t('dashboard.nothingIssued30') : rows.map((row) => `${row.label} ${localNumber(row.quantity)}`).join(', ');
  return (
    <ChartCard
      title={t('dashboard.mostIssued', { day: ddmmyyyy(data.since) })}
      summary={summary}
      table={[
        [t('dashboard.material'), t('dashboard.store'), t('dashboard.issued')],
        data.topConsumed.map((row) => [row.name, row.storeName, `${localNumber(row.quantity)} ${row.unit}`]),
      ]}
    >
      <RankedBars data={rows} dataKey="label" series={{ name: 'quantity', label: t('dashboard.issued'), color: 'blue.6' }} />
    </ChartCard>
  );
}

function Weekly({ data, onChoose }: { data: DashboardResponse; onChoose: (materialId: string) => void }) {
  const { t } = useTranslation();
  const weekly = data.weekly;
  const rows = (weekly?.weeks ?? []).map((week) => ({ week: dayMonth(week.weekStart), quantity: week.quantity }));
  const choices = data.topConsumed.map((row) => ({ value: row.materialId, label: row.name }));
  if (weekly && !choices.some((choice) => choice.value === weekly.materialId))
    choices.push({ value: weekly.materialId, label: weekly.name });
  return (
    <ChartCard
      title={t('dashboard.weekly')}
      summary={
        weekly
          ? `${weekly.name}: ${rows.map((row) => `${t('dashboard.weekOfDay', { day: row.week })} ${localNumber(row.quantity)}`).join(', ')}`
          : t('dashboard.nothingIssuedYet')
      }
      table={[
        [t('dashboard.weekOf'), t('dashboard.issuedIn', { unit: weekly?.unit ?? '' })],
        (weekly?.weeks ?? []).map((week) => [ddmmyyyy(week.weekStart), week.quantity]),
      ]}
      action={
        choices.length > 0 && (
          <Select
            aria-label={t('dashboard.material')}
            size="xs"
            mb="sm"
            maw={260}
            data={choices}
            value={weekly?.materialId ?? null}
            onChange={(value) => value && onChoose(value)}
            allowDeselect={false}
          />
        )
      }
    >
      <BarChart
        h={200}
        data={rows}
        dataKey="week"
        maxBarWidth={24}
        series={[{ name: 'quantity', label: t('dashboard.issued'), color: 'teal.6' }]}
        withTooltip={false}
      />
    </ChartCard>
  );
}

function DamageShare({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation();
  const worst = [...data.damageShare].sort((a, b) => (b.share ?? 0) - (a.share ?? 0)).slice(0, 10);
  const rows = worst.map((row) => ({ store: row.storeName, share: Math.round((row.share ?? 0) * 1000) / 10 }));
  return (
    <ChartCard
      title={t('dashboard.damageShare')}
      summary={rows.length === 0 ? t('dashboard.noIssuesOrDamage') : rows.map((row) => `${row.store} ${row.share} %`).join(', ')}
      table={[
        [t('dashboard.store'), t('dashboard.issued'), t('dashboard.damaged'), t('dashboard.share')],
        data.damageShare.map((row) => [row.storeName, row.issued, row.damaged, percent(row.share)]),
      ]}
    >
      <RankedBars
        data={rows}
        dataKey="store"
        series={{ name: 'share', label: t('dashboard.damaged'), color: 'red.6' }}
        valueFormatter={(value) => `${value} %`}
      />
    </ChartCard>
  );
}

/** A bar's length for an amount: the chart only draws it; every figure shown is the amount's own text. */
const barLength = (amount: string) => Number(amount);

/** How many bars a money chart draws: the largest; its table lists every row. A phone draws 100 bars in a long freeze. */
const MONEY_BARS = 10;

/** The rows a chart draws: the `MONEY_BARS` largest by `size`, largest first. */
function largest<T>(rows: readonly T[], size: (row: T) => number): T[] {
  return [...rows].sort((a, b) => size(b) - size(a)).slice(0, MONEY_BARS);
}

/** Says that a chart draws only the largest rows, when it does. */
function LargestNote({ total }: { total: number }) {
  const { t } = useTranslation();
  if (total <= MONEY_BARS) return null;
  return (
    <Text c="dimmed" size="xs" mb="xs">
      {t('dashboard.largestOf', { shown: MONEY_BARS, total })}
    </Text>
  );
}

function StockValue({ data, currency }: { data: DashboardResponse; currency: string }) {
  const { t } = useTranslation();
  const stores = data.stockValue ?? [];
  const rows = largest(stores, (row) => barLength(row.value)).map((row) => ({ store: row.storeName, value: barLength(row.value) }));
  return (
    <ChartCard
      title={t('dashboard.stockValue')}
      summary={
        stores.length === 0
          ? t('dashboard.noStock')
          : stores.map((row) => `${row.storeName} ${formatMoney(row.value, currency)}`).join(', ')
      }
      table={[[t('dashboard.store'), t('dashboard.value')], stores.map((row) => [row.storeName, formatMoney(row.value, currency)])]}
      action={<LargestNote total={stores.length} />}
    >
      <RankedBars data={rows} dataKey="store" series={{ name: 'value', label: t('dashboard.value'), color: 'indigo.6' }} />
    </ChartCard>
  );
}

function JobsThisMonth({ data, currency }: { data: DashboardResponse; currency: string }) {
  const { t } = useTranslation();
  const jobs = data.jobs ?? [];
  const rows = largest(jobs, (job) => barLength(job.monthValue)).map((job) => ({
    job: job.code,
    month: barLength(job.monthValue),
    total: barLength(job.totalValue),
    budget: job.budget === null ? 0 : barLength(job.budget),
  }));
  const money = (amount: string | null) => (amount === null ? '–' : formatMoney(amount, currency));
  return (
    <ChartCard
      title={t('dashboard.jobsThisMonth')}
      summary={
        jobs.length === 0
          ? t('dashboard.noJobs')
          : jobs.map((job) => `${job.code} ${money(job.monthValue)} (${money(job.totalValue)} / ${money(job.budget)})`).join(', ')
      }
      table={[
        [t('dashboard.job'), t('dashboard.thisMonth'), t('dashboard.toDate'), t('dashboard.budget')],
        jobs.map((job) => [`${job.code} ${job.name}`, money(job.monthValue), money(job.totalValue), money(job.budget)]),
      ]}
      action={<LargestNote total={jobs.length} />}
    >
      <BarChart
        h={Math.max(180, rows.length * 48)}
        data={rows}
        dataKey="job"
        orientation="vertical"
        yAxisProps={{ width: 90 }}
        series={[
          { name: 'month', label: t('dashboard.thisMonth'), color: 'blue.6' },
          { name: 'total', label: t('dashboard.toDate'), color: 'teal.6' },
          { name: 'budget', label: t('dashboard.budget'), color: 'gray.5' },
        ]}
        withLegend
        withTooltip={false}
        maxBarWidth={14}
      />
    </ChartCard>
  );
}

/** The admin's warning of accounts someone tried to guess their way into this week. */
function SignInBursts({ bursts }: { bursts: DashboardResponse['signInBursts'] }) {
  const { t } = useTranslation();
  if (bursts.length === 0) return null;
  const when = (at: string) => dateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));
  return (
    <Alert color="orange" title={t('dashboard.failedSignIns')} role="alert">
      <List size="sm" spacing={2}>
        {bursts.map((burst) => (
          <List.Item key={`${burst.at}${burst.userName}`}>
            {t('dashboard.burst', {
              user: burst.userName,
              address: burst.lastAddress ?? t('dashboard.unknownAddress'),
              when: when(burst.at),
            })}
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to="/dashboard/audit" size="sm">
        {t('dashboard.seeAudit')}
      </Anchor>
    </Alert>
  );
}

/** How many movements were recorded outside their store's geofence in the last 30 days, with a link to them. */
function GeofenceExceptions({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Alert color="yellow" title={t('dashboard.geofenceExceptions', { count })}>
      <Anchor component={Link} to="/dashboard/exceptions" size="sm">
        {t('dashboard.seeExceptions')}
      </Anchor>
    </Alert>
  );
}

/**
 * How many of `count` parts to draw: one at first, then one more in each following task, so a slow
 * phone draws its charts in short tasks, one each, rather than one long one.
 */
function useOneMoreEachTask(count: number, ready: boolean): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (!ready || shown >= count) return;
    const timer = setTimeout(() => setShown((current) => current + 1), 0);
    return () => clearTimeout(timer);
  }, [ready, shown, count]);
  return shown;
}

/** The dashboard's charts, from one call; loaded only after sign-in, so the login page stays light. */
export default function DashboardCharts() {
  const [materialId, setMaterialId] = useState<string | null>(null);
  const dashboard = useDashboard(materialId);
  const shown = useOneMoreEachTask(5, Boolean(dashboard.data));
  const currency = useCurrency();
  const isOnline = useOnline();
  const { t } = useTranslation();
  if (!dashboard.data && (!isOnline || dashboard.isPaused)) return <Text c="dimmed">{t('dashboard.offline')}</Text>;
  if (dashboard.isError) {
    return (
      <Alert color="red" role="alert">
        {messageOf(dashboard.error, t('dashboard.failed'))}
      </Alert>
    );
  }
  if (!dashboard.data) return <Text c="dimmed">{t('dashboard.loading')}</Text>;
  return (
    <Stack gap="md">
      <SignInBursts bursts={dashboard.data.signInBursts} />
      <GeofenceExceptions count={dashboard.data.geofenceExceptions} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <TopConsumed data={dashboard.data} />
        {shown > 1 && <Weekly data={dashboard.data} onChoose={setMaterialId} />}
        {shown > 2 && <DamageShare data={dashboard.data} />}
      </SimpleGrid>
      {dashboard.data.stockValue && currency && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {shown > 3 && <StockValue data={dashboard.data} currency={currency} />}
          {shown > 4 && <JobsThisMonth data={dashboard.data} currency={currency} />}
        </SimpleGrid>
      )}
    </Stack>
  );
}
