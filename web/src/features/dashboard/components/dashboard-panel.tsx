import { Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useOnline } from '../../offline/use-outbox';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

/** What the charts say while the phone has no signal: the buttons below still work. */
export const DASHBOARD_OFFLINE = 'No signal: the charts will load when you are back online.';

/**
 * The charts above a hub's buttons, fetched with their chart library only when a hub opens, and not
 * before the phone has had signal: a start with none spends no time on charts it cannot fill.
 */
export function DashboardPanel() {
  const isOnline = useOnline();
  const [hasBeenOnline, setHasBeenOnline] = useState(isOnline);
  useEffect(() => {
    if (isOnline) setHasBeenOnline(true);
  }, [isOnline]);
  if (!hasBeenOnline) return <Text c="dimmed">{DASHBOARD_OFFLINE}</Text>;
  return (
    <Suspense fallback={<Text c="dimmed">Loading the dashboard...</Text>}>
      <DashboardCharts />
    </Suspense>
  );
}
