import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ToolUnit } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { dayAndTime, phoneToday } from '../../../lib/format';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useRole } from '../../../lib/use-session';
import { useUnit } from '../api/service';
import { HandOverDialog, RetireDialog, ServiceDialog } from '../components/unit-dialogs';
import { PlanStanding, UnitStateBadge } from '../components/unit-state';

/** One unit of a serial tool: where it is, who has it, how it stands on each plan, and everything that happened to it. */
export function UnitPage() {
  const { id = '' } = useParams();
  const detail = useUnit(id);
  const role = useRole();
  const canAct = role === 'admin' || role === 'user';
  const [dialog, setDialog] = useState<{ kind: 'service' | 'handOver' | 'retire'; unit: ToolUnit } | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { t } = useTranslation();

  if (detail.isError) return <ErrorAlert text={messageOf(detail.error, t('service.unitFailed'))} />;
  const unit = detail.data?.unit;
  const today = phoneToday();
  const close = (message?: string) => {
    setDialog(null);
    if (message) setNotice({ ok: true, text: message });
  };
  const isHeld = unit?.plans.some((plan) => plan.isDue) ?? false;
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <div>
        <Title order={2}>{unit ? `${unit.toolName} ${unit.serial}` : t('service.unit')}</Title>
        {unit && (
          <Group gap="xs" mt={4}>
            <UnitStateBadge state={unit.state} />
            <Text size="sm" c="dimmed">
              {[unit.code, unit.assetTag, unit.store.name].filter(Boolean).join(' · ')}
            </Text>
          </Group>
        )}
      </div>
      <Notice value={notice} onClose={() => setNotice(null)} />
      {unit?.holder && (
        <Text size="sm">
          {t('service.withWorker')}{' '}
          <Anchor component={Link} to={`/dashboard/workers/${unit.holder._id}`}>
            {unit.holder.name}
          </Anchor>
        </Text>
      )}
      {unit?.retiredReason && <Text size="sm">{t('service.retiredBecause', { reason: unit.retiredReason })}</Text>}
      {unit && canAct && (
        <Group gap="xs">
          {(unit.state === 'available' || unit.state === 'in_service') && unit.plans.length > 0 && (
            <Button onClick={() => setDialog({ kind: 'service', unit })}>{t('service.record')}</Button>
          )}
          {unit.state === 'available' && (
            <Button variant={isHeld ? 'light' : 'filled'} onClick={() => setDialog({ kind: 'handOver', unit })}>
              {t('service.handOverButton')}
            </Button>
          )}
          {(unit.state === 'available' || unit.state === 'damaged') && (
            <Button variant="subtle" color="red" onClick={() => setDialog({ kind: 'retire', unit })}>
              {t('service.retireButton')}
            </Button>
          )}
        </Group>
      )}
      {unit && unit.plans.length > 0 && (
        <Card withBorder padding="sm">
          <Title order={3} size="h5" mb="xs">
            {t('service.plans')}
          </Title>
          <Stack gap={6}>
            {unit.plans.map((plan) => (
              <Group key={plan.planId} justify="space-between" wrap="nowrap">
                <Text size="sm">{plan.name}</Text>
                <PlanStanding plan={plan} today={today} />
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      <Title order={3} size="h4">
        {t('service.history')}
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table striped>
          <Table.Tbody>
            {(detail.data?.history ?? []).map((event) => (
              <Table.Tr key={`${event.at}-${event.type}-${event.what}`}>
                <Table.Td>
                  <Text size="sm">{dayAndTime(event.at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {event.type === 'service' ? t(`service.result.${event.what}`, { plan: event.plan }) : t(`kinds.${event.what}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[event.worker, event.by, event.note].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {unit && (
        <Anchor component={Link} to={`/dashboard/tools/${unit.toolId}/units`} size="sm">
          {t('service.allUnits', { tool: unit.toolName })}
        </Anchor>
      )}
      <ServiceDialog unit={dialog?.kind === 'service' ? dialog.unit : null} onClose={close} />
      <HandOverDialog unit={dialog?.kind === 'handOver' ? dialog.unit : null} onClose={close} />
      <RetireDialog unit={dialog?.kind === 'retire' ? dialog.unit : null} onClose={close} />
    </Stack>
  );
}
