import { Anchor, SimpleGrid } from '@mantine/core';
import type { GeofenceException } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { DateField } from '../../../lib/date-field';
import { dayAndTime, localNumber } from '../../../lib/format';
import { PagedTable } from '../../../lib/paged-table';
import { StoreSelect } from '../../stores';
import { useExceptions } from '../api/exceptions';

/** Metres as a person reads a distance: "850 m", "5.2 km". */
function distanceText(metres: number): string {
  return metres < 1000 ? `${localNumber(metres)} m` : `${localNumber(Math.round(metres / 100) / 10)} km`;
}

/** Exceptions: movements recorded outside their store's geofence, where and how far, with filters. */
export function ExceptionsPage() {
  const [storeId, setStoreId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const exceptions = useExceptions({ storeId, from, to }, page);
  const { t } = useTranslation();
  const filter =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
    };

  return (
    <PageCard title={t('nav.exceptions')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} mb="md">
        <StoreSelect value={storeId} onChange={filter(setStoreId)} required={false} label={t('exceptions.store')} />
        <DateField label={t('audit.from')} value={from} onChange={(day) => filter(setFrom)(day)} />
        <DateField label={t('audit.to')} value={to} onChange={(day) => filter(setTo)(day)} />
      </SimpleGrid>
      <PagedTable<GeofenceException>
        list={exceptions}
        errorText={(error) => messageOf(error, t('exceptions.failed'))}
        page={page}
        onPageChange={setPage}
        caption={t('nav.exceptions')}
        minWidth={760}
        cardsOnPhone
        rowKey={(row) => row.movementId}
        emptyText={t('exceptions.none')}
        columns={[
          { header: t('exceptions.when'), render: (row) => dayAndTime(row.occurredAt) },
          { header: t('exceptions.store'), render: (row) => row.store.name },
          {
            header: t('exceptions.movement'),
            render: (row) => `${t(`kinds.${row.kind}`)} ${localNumber(row.quantity)} · ${row.item.name}`,
          },
          { header: t('exceptions.who'), render: (row) => row.actor?.name ?? '' },
          {
            header: t('exceptions.where'),
            render: (row) =>
              t('exceptions.distance', {
                distance: distanceText(row.distanceM),
                radius: distanceText(row.radiusM),
                accuracy: distanceText(row.location.accuracyM),
              }),
          },
          {
            header: t('exceptions.position'),
            render: (row) => (
              <Anchor
                href={`https://www.openstreetmap.org/?mlat=${row.location.lat}&mlon=${row.location.lon}#map=17/${row.location.lat}/${row.location.lon}`}
                target="_blank"
                rel="noreferrer"
                size="sm"
              >
                {`${row.location.lat.toFixed(5)}, ${row.location.lon.toFixed(5)}`}
              </Anchor>
            ),
          },
        ]}
      />
    </PageCard>
  );
}
