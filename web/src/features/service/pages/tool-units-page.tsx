import { Anchor, Button, Card, Group, MultiSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { phoneToday } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useRole } from '../../../lib/use-session';
import { LabelSheetButton } from '../../labels';
import { useAddUnit, useAssignPlans, useRequireQualification, useServicePlans, useToolUnits } from '../api/service';
import { PlanStanding, UnitStateBadge } from '../components/unit-state';

/** A serial tool's units, with a form to add one; an admin also sets its service plans and the qualification it requires. */
export function ToolUnitsPage() {
  const { id = '' } = useParams();
  const units = useToolUnits(id);
  const role = useRole();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { t } = useTranslation();
  const rows = units.data?.units ?? [];
  const today = phoneToday();
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{rows[0]?.toolName ?? t('service.units')}</Title>
        <LabelSheetButton
          itemKind="unit"
          rows={rows
            .filter((unit) => unit.state !== 'retired')
            .map((unit) => ({ _id: unit._id, name: `${unit.toolName} ${unit.serial}`, code: unit.code }))}
        />
      </Group>
      <Notice value={notice} onClose={() => setNotice(null)} />
      {units.isError && <ErrorAlert text={messageOf(units.error, t('service.unitsFailed'))} />}
      <Table.ScrollContainer minWidth={320}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('service.serial')}</Table.Th>
              <Table.Th>{t('service.where')}</Table.Th>
              <Table.Th>{t('service.next')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((unit) => (
              <Table.Tr key={unit._id}>
                <Table.Td>
                  <Anchor component={Link} to={`/dashboard/tool-units/${unit._id}`}>
                    {unit.serial}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <UnitStateBadge state={unit.state} />
                </Table.Td>
                <Table.Td>
                  {unit.plans.map((plan) => (
                    <PlanStanding key={plan.planId} plan={plan} today={today} />
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(role === 'admin' || role === 'user') && <AddUnitForm toolId={id} onDone={setNotice} />}
      {role === 'admin' && units.data && (
        <ToolRulesForm
          toolId={id}
          planIds={units.data.planIds}
          requiresQualification={units.data.requiresQualification ?? ''}
          onDone={setNotice}
        />
      )}
    </Stack>
  );
}

function AddUnitForm({ toolId, onDone }: { toolId: string; onDone: (notice: NoticeValue) => void }) {
  const add = useAddUnit();
  const intent = useIdempotencyKey();
  const { t } = useTranslation();
  const [serial, setSerial] = useState('');
  const [assetTag, setAssetTag] = useState('');

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await add.mutateAsync({ toolId, serial, assetTag, idempotencyKey: intent.key });
      intent.renew();
      setSerial('');
      setAssetTag('');
      onDone({ ok: true, text: localMessage(answer.message) });
    } catch (caught) {
      intent.settle(caught);
      onDone({ ok: false, text: messageOf(caught, t('service.addUnitFailed')) });
    }
  }

  return (
    <Card withBorder padding="sm">
      <form onSubmit={handleSubmit}>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('service.addUnit')}
          </Title>
          <Group grow>
            <TextInput
              label={t('service.serial')}
              value={serial}
              onChange={intent.tracking((event) => setSerial(event.currentTarget.value))}
            />
            <TextInput
              label={t('service.assetTag')}
              value={assetTag}
              onChange={intent.tracking((event) => setAssetTag(event.currentTarget.value))}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t('service.addUnit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ToolRulesForm(props: { toolId: string; planIds: string[]; requiresQualification: string; onDone: (notice: NoticeValue) => void }) {
  const { toolId, onDone } = props;
  const plans = useServicePlans();
  const assign = useAssignPlans();
  const require = useRequireQualification();
  const intent = useIdempotencyKey();
  const { t } = useTranslation();
  const [planIds, setPlanIds] = useState<string[]>(props.planIds);
  const [qualification, setQualification] = useState(props.requiresQualification);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await assign.mutateAsync({ toolId, planIds, idempotencyKey: intent.key });
      const answer = await require.mutateAsync({
        toolId,
        requiresQualification: qualification.trim() || null,
        idempotencyKey: `${intent.key}-qualification`,
      });
      intent.renew();
      onDone({ ok: true, text: localMessage(answer.message) });
    } catch (caught) {
      intent.settle(caught);
      onDone({ ok: false, text: messageOf(caught, t('service.rulesFailed')) });
    }
  }

  return (
    <Card withBorder padding="sm">
      <form onSubmit={handleSubmit}>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('service.rules')}
          </Title>
          <MultiSelect
            label={t('service.plans')}
            data={(plans.data?.plans ?? []).map((plan) => ({ value: plan._id, label: plan.name }))}
            value={planIds}
            onChange={intent.tracking(setPlanIds)}
          />
          <TextInput
            label={t('service.requiresQualification')}
            description={t('service.requiresQualificationHint')}
            value={qualification}
            onChange={intent.tracking((event) => setQualification(event.currentTarget.value))}
          />
          <Text size="xs" c="dimmed">
            {t('service.rulesHint')}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={assign.isPending || require.isPending}>
              {t('common.saveChanges')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
