import { Anchor, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { ToolUnit } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { phoneToday } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { WholeNumberInput } from '../../../lib/inputs';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useRole } from '../../../lib/use-session';
import { ScanButton } from '../../labels';
import { scanCode, useCreatePlan, useServiceDue, useServicePlans } from '../api/service';
import { ServiceDialog } from '../components/unit-dialogs';
import { PlanStanding } from '../components/unit-state';

/** Units due for service within two weeks, overdue and failed first, with a scan that opens a unit; admins also keep the plans. */
export function ServicePage() {
  const due = useServiceDue();
  const navigate = useNavigate();
  const isAdmin = useRole() === 'admin';
  const [servicing, setServicing] = useState<{ unit: ToolUnit; planId: string } | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { t } = useTranslation();
  const today = phoneToday();

  async function openScanned(code: string) {
    try {
      const scanned = await scanCode(code);
      if (scanned.unit) void navigate(`/dashboard/tool-units/${scanned.unit._id}`);
      else setNotice({ ok: false, text: t('service.notAUnit', { name: scanned.name }) });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, t('service.scanFailed')) });
    }
  }

  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>{t('service.title')}</Title>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('service.scanUnit')}
          </Text>
          <ScanButton label={t('service.unit')} onCode={(code) => void openScanned(code)} />
        </Group>
      </Group>
      <Notice value={notice} onClose={() => setNotice(null)} />
      {due.isError && <ErrorAlert text={messageOf(due.error, t('service.dueFailed'))} />}
      {due.data && due.data.due.length === 0 && <Text c="dimmed">{t('service.noneDue')}</Text>}
      {(due.data?.due ?? []).map((line) => (
        <Card key={`${line.unit._id}-${line.plan._id}`} withBorder padding="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/dashboard/tool-units/${line.unit._id}`} fw={600}>
                {line.unit.toolName} {line.unit.serial}
              </Anchor>
              <Text size="sm">{line.plan.name}</Text>
              <PlanStanding
                plan={{ dueOn: line.dueOn, usesLeft: line.usesLeft, lastResult: line.isFailed ? 'failed' : null, isDue: line.isOverdue }}
                today={today}
              />
              <Text size="xs" c="dimmed">
                {line.unit.holder ? t('service.outWith', { worker: line.unit.holder.name }) : line.unit.store.name}
              </Text>
            </div>
            {(line.unit.state === 'available' || line.unit.state === 'in_service') && (
              <Button
                size="xs"
                variant="light"
                style={{ flexShrink: 0 }}
                onClick={() => setServicing({ unit: line.unit, planId: line.plan._id })}
              >
                {t('service.record')}
              </Button>
            )}
          </Group>
        </Card>
      ))}
      {isAdmin && <PlansSection />}
      <ServiceDialog
        unit={servicing?.unit ?? null}
        planId={servicing?.planId}
        onClose={(message) => {
          setServicing(null);
          if (message) setNotice({ ok: true, text: message });
        }}
      />
    </Stack>
  );
}

/** The company's service plans, and a form to add one (its checklist one point a line). */
function PlansSection() {
  const plans = useServicePlans();
  const create = useCreatePlan();
  const intent = useIdempotencyKey();
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [days, setDays] = useState<string | number>('');
  const [uses, setUses] = useState<string | number>('');
  const [checklist, setChecklist] = useState('');
  const [notice, setNotice] = useState<NoticeValue>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    try {
      const answer = await create.mutateAsync({
        name,
        ...(days === '' ? {} : { intervalDays: Number(days) }),
        ...(uses === '' ? {} : { intervalUses: Number(uses) }),
        checklist: checklist
          .split('\n')
          .map((item) => item.trim())
          .filter(Boolean),
        idempotencyKey: intent.key,
      });
      intent.renew();
      setName('');
      setDays('');
      setUses('');
      setChecklist('');
      setNotice({ ok: true, text: localMessage(answer.message) });
    } catch (caught) {
      intent.settle(caught);
      setNotice({ ok: false, text: messageOf(caught, t('service.planFailed')) });
    }
  }

  return (
    <Card withBorder padding="sm" mt="md">
      <Title order={3} size="h4" mb="xs">
        {t('service.plans')}
      </Title>
      {(plans.data?.plans ?? []).map((plan) => (
        <Text key={plan._id} size="sm">
          {plan.name}:{' '}
          {[
            plan.intervalDays ? t('service.everyDays', { count: plan.intervalDays }) : null,
            plan.intervalUses ? t('service.everyUses', { count: plan.intervalUses }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ))}
      <form onSubmit={handleSubmit}>
        <Stack gap="xs" mt="sm">
          <Notice value={notice} onClose={() => setNotice(null)} />
          <TextInput label={t('service.planName')} value={name} onChange={intent.tracking((event) => setName(event.currentTarget.value))} />
          <Group grow>
            <WholeNumberInput label={t('service.intervalDays')} value={days} onChange={intent.tracking(setDays)} />
            <WholeNumberInput label={t('service.intervalUses')} value={uses} onChange={intent.tracking(setUses)} />
          </Group>
          <Textarea
            label={t('service.checklist')}
            description={t('service.checklistHint')}
            autosize
            minRows={2}
            value={checklist}
            onChange={intent.tracking((event) => setChecklist(event.currentTarget.value))}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('service.addPlan')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
