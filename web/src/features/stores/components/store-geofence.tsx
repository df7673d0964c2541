import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Geofence, GeofenceSchema, type Store } from '@stockyard/contract';
import { IconCurrentLocation } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { parsePayload } from '../../../lib/validation';
import { useStoreGeofence } from '../api/stores';

const numberOrEmpty = (value: number | undefined) => (value === undefined ? '' : value);
const emptyOrNumber = (value: string | number) => (value === '' ? undefined : Number(value));

/**
 * A store's geofence: the circle its movements are expected to be recorded in. One recorded outside it
 * (beyond the radius plus the phone's accuracy) is accepted and listed among the exceptions.
 */
export function StoreGeofence({ store }: { store: Store }) {
  const save = useStoreGeofence();
  const [fence, setFence] = useState<Geofence | null>(store.geofence);
  const [lat, setLat] = useState<string | number>(numberOrEmpty(store.geofence?.lat));
  const [lon, setLon] = useState<string | number>(numberOrEmpty(store.geofence?.lon));
  const [radius, setRadius] = useState<string | number>(numberOrEmpty(store.geofence?.radiusM));
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [isLocating, setLocating] = useState(false);
  const { t } = useTranslation();

  async function change(geofence: Geofence | null) {
    setNotice(null);
    try {
      const answer = await save.mutateAsync({ id: store._id, geofence });
      setFence(answer.geofence);
      setNotice({ ok: true, text: localMessage(answer.message) });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, t('stores.geofenceFailed')) });
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parsePayload(GeofenceSchema, { lat: emptyOrNumber(lat), lon: emptyOrNumber(lon), radiusM: emptyOrNumber(radius) });
    if ('problem' in parsed) setNotice({ ok: false, text: localMessage(parsed.problem) });
    else void change(parsed.data);
  }

  /** Fills the centre with where this device is: for an admin standing at the store. */
  function fillWithHere() {
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLat(Number(position.coords.latitude.toFixed(6)));
        setLon(Number(position.coords.longitude.toFixed(6)));
        setLocating(false);
      },
      () => {
        setNotice({ ok: false, text: t('stores.hereUnavailable') });
        setLocating(false);
      },
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  }

  return (
    <Stack gap="xs" role="group" aria-label={t('stores.geofence')} component="form" onSubmit={handleSubmit}>
      <Text fw={600} size="sm">
        {fence ? t('stores.geofenceSet', { radius: fence.radiusM }) : t('stores.geofenceNone')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('stores.geofenceHelp')}
      </Text>
      <Notice value={notice} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <NumberInput label={t('stores.latitude')} value={lat} onChange={setLat} decimalScale={6} min={-90} max={90} />
        <NumberInput label={t('stores.longitude')} value={lon} onChange={setLon} decimalScale={6} min={-180} max={180} />
        <NumberInput label={t('stores.radius')} value={radius} onChange={setRadius} allowDecimal={false} min={10} max={100_000} />
      </SimpleGrid>
      <Group gap="xs">
        <Button type="submit" loading={save.isPending}>
          {t('stores.saveGeofence')}
        </Button>
        {'geolocation' in navigator && (
          <Button variant="default" leftSection={<IconCurrentLocation size={16} />} loading={isLocating} onClick={fillWithHere}>
            {t('stores.useHere')}
          </Button>
        )}
        {fence && (
          <Button variant="subtle" color="red" onClick={() => void change(null)} disabled={save.isPending}>
            {t('stores.removeGeofence')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
