import { Badge, Select, SimpleGrid } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditEvent } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { DateField } from '../../../lib/date-field';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { dayAndTime } from '../../../lib/format';
import { PagedTable } from '../../../lib/paged-table';
import { useAuditEvents } from '../api/audit';

const ACTION_COLORS: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  sign_in: 'gray',
  sign_in_burst: 'orange',
  sign_out: 'grape',
  lock: 'indigo',
  unlock: 'yellow',
  apply: 'teal',
  discard: 'pink',
  order: 'cyan',
  cancel: 'red',
  close: 'orange',
  receive: 'lime',
  approve: 'green',
  override: 'orange',
  attach: 'blue',
};

function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== '' && value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

/** Audit Trail (admin): who created, changed or deleted what, and when, with filters. */
export function AuditPage() {
  const [entityType, setEntityType] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const events = useAuditEvents({ entityType, action, from, to }, page);
  const { t } = useTranslation();
  const filter =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
    };

  return (
    <PageCard title={t('nav.auditTrail')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="md">
        <Select
          label={t('audit.what')}
          placeholder={t('audit.everything')}
          data={AUDIT_ENTITY_TYPES.map((value) => ({ value, label: t(`audit.entities.${value}`) }))}
          value={entityType}
          onChange={filter(setEntityType)}
          clearable
        />
        <Select
          label={t('audit.action')}
          placeholder={t('audit.any')}
          data={AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value}`) }))}
          value={action}
          onChange={filter(setAction)}
          clearable
        />
        <DateField label={t('audit.from')} value={from} onChange={(day) => filter(setFrom)(day)} />
        <DateField label={t('audit.to')} value={to} onChange={(day) => filter(setTo)(day)} />
      </SimpleGrid>
      <PagedTable<AuditEvent>
        list={events}
        errorText={(error) => messageOf(error, t('attention.fetchFailed'))}
        page={page}
        onPageChange={setPage}
        caption={t('nav.auditTrail')}
        minWidth={760}
        rowKey={(event) => event._id}
        emptyText={t('audit.none')}
        columns={[
          { header: 'When', render: (event) => dayAndTime(event.at) },
          { header: 'Who', render: (event) => event.actor?.name ?? t('audit.system') },
          {
            header: 'Action',
            render: (event) => (
              <Badge color={ACTION_COLORS[event.action]} variant="light" miw={72}>
                {t(`audit.actions.${event.action}`)}
              </Badge>
            ),
          },
          { header: 'What', render: (event) => t(`audit.entities.${event.entityType}`) },
          { header: 'Name', render: (event) => event.entityName },
          { header: 'Details', render: (event) => describeDetails(event.details) },
        ]}
      />
      <DownloadCsvButton
        path="/api/audit/csv"
        filters={{ entityType: entityType ?? undefined, action: action ?? undefined, from, to }}
        fileName="audit.csv"
      />
    </PageCard>
  );
}
