import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

/** The charts above a hub's buttons, fetched with their chart library only when a hub opens. */
export function DashboardPanel() {
  return (
    <Suspense fallback={<Text c="dimmed">Loading the dashboard...</Text>}>
      <DashboardCharts />
    </Suspense>
  );
}
