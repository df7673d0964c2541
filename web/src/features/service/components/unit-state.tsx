import { Badge } from '@mantine/core';
import type { UnitPlan, UnitState } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';
import { localDate } from '../../../lib/format';

const STATE_COLORS: Record<UnitState, string> = {
  available: 'green',
  issued: 'blue',
  custody: 'blue',
  in_service: 'orange',
  damaged: 'red',
  lost: 'gray',
  retired: 'gray',
};

/** Where a unit is, in a word. */
export function UnitStateBadge({ state }: { state: UnitState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {t(`service.states.${state}`)}
    </Badge>
  );
}

/** How a unit stands on a plan: failed, out of check-outs, due since a day, or next due on a day. */
export function PlanStanding({ plan, today }: { plan: Pick<UnitPlan, 'dueOn' | 'usesLeft' | 'lastResult' | 'isDue'>; today: string }) {
  const { t } = useTranslation();
  if (plan.lastResult === 'failed') return <Badge color="red">{t('service.failedBadge')}</Badge>;
  if (plan.usesLeft !== null && plan.usesLeft <= 0) return <Badge color="red">{t('service.noUsesLeft')}</Badge>;
  if (plan.dueOn && plan.dueOn < today) return <Badge color="red">{t('service.overdueSince', { day: localDate(plan.dueOn) })}</Badge>;
  if (plan.isDue) return <Badge color="orange">{t('service.dueToday')}</Badge>;
  const parts = [
    plan.dueOn ? t('service.dueOn', { day: localDate(plan.dueOn) }) : null,
    plan.usesLeft !== null ? t('service.usesLeft', { count: plan.usesLeft }) : null,
  ].filter(Boolean);
  return (
    <Badge color="gray" variant="light">
      {parts.join(' · ')}
    </Badge>
  );
}
