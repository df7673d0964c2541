import { Badge, Text } from '@mantine/core';
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

/** How a unit stands on a plan, in words that wrap on a phone: failed, out of check-outs, due since a day, or next due on a day. */
export function PlanStanding({ plan, today }: { plan: Pick<UnitPlan, 'dueOn' | 'usesLeft' | 'lastResult' | 'isDue'>; today: string }) {
  const { t } = useTranslation();
  const held = (text: string, color = 'red.8') => (
    <Text size="sm" c={color} fw={700}>
      {text}
    </Text>
  );
  if (plan.lastResult === 'failed') return held(t('service.failedBadge'));
  if (plan.usesLeft !== null && plan.usesLeft <= 0) return held(t('service.noUsesLeft'));
  if (plan.dueOn && plan.dueOn < today) return held(t('service.overdueSince', { day: localDate(plan.dueOn) }));
  if (plan.isDue) return held(t('service.dueToday'), 'orange.8');
  const parts = [
    plan.dueOn ? t('service.dueOn', { day: localDate(plan.dueOn) }) : null,
    plan.usesLeft !== null ? t('service.usesLeft', { count: plan.usesLeft }) : null,
  ].filter(Boolean);
  return (
    <Text size="sm" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}
