import { Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../offline';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

/**
 * The charts above a hub's buttons, fetched with their chart library only when a hub opens, and not
 * before the phone has had signal: a start with none spends no time on charts it cannot fill.
 */
export function DashboardPanel() {
  const isOnline = useOnline();
  const [hasBeenOnline, setHasBeenOnline] = useState(isOnline);
  const { t } = useTranslation();
  useEffect(() => {
    if (isOnline) setHasBeenOnline(true);
  }, [isOnline]);
  // What the charts say while the phone has no signal: the buttons above still work.
  if (!hasBeenOnline) return <Text c="dimmed">{t('dashboard.offline')}</Text>;
  return (
    <Suspense fallback={<Text c="dimmed">{t('dashboard.loading')}</Text>}>
      <DashboardCharts />
    </Suspense>
  );
}
