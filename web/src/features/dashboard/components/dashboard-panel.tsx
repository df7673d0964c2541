import { Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../offline';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

/**
 * True once the element has come within a screen's reach of the viewport (at once where the browser
 * cannot tell): what lies below the fold costs nothing until someone scrolls towards it.
 */
function useNearViewport() {
  const ref = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  return { ref, isNear };
}

/**
 * The charts of a hub, fetched with their chart library only when a hub opens, and not before the
 * phone has had signal: a start with none spends no time on charts it cannot fill. Below a hub's
 * buttons (`belowTheButtons`), they wait until the person scrolls to them: the buttons come first.
 */
export function DashboardPanel({ belowTheButtons = false }: { belowTheButtons?: boolean }) {
  const isOnline = useOnline();
  const [hasBeenOnline, setHasBeenOnline] = useState(isOnline);
  const { ref, isNear } = useNearViewport();
  const { t } = useTranslation();
  useEffect(() => {
    if (isOnline) setHasBeenOnline(true);
  }, [isOnline]);
  // What the charts say while the phone has no signal: the buttons above still work.
  if (!hasBeenOnline) return <Text c="dimmed">{t('dashboard.offline')}</Text>;
  const loading = <Text c="dimmed">{t('dashboard.loading')}</Text>;
  if (belowTheButtons && !isNear) return <div ref={ref}>{loading}</div>;
  return (
    <Suspense fallback={loading}>
      <DashboardCharts />
    </Suspense>
  );
}
