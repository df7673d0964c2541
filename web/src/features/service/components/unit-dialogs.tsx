import { Checkbox, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ServicePlan, ToolUnit } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useStockMutation } from '../../../lib/stock-mutation';
import { useRole } from '../../../lib/use-session';
import { CustodyFields, checkOutTool } from '../../custody';
import { useRecordService, useRetireUnit, useServicePlans } from '../api/service';

type Close = (message?: string) => void;

/** Records a service of a unit: which plan, each point of its checklist, passed or failed, and a note. */
export function ServiceDialog({ unit, planId, onClose }: { unit: ToolUnit | null; planId?: string; onClose: Close }) {
  const { t } = useTranslation();
  return (
    <DialogFor
      subject={unit}
      keyOf={(subject) => subject._id}
      title={(subject) => t('service.recordFor', { serial: subject.serial })}
      onClose={() => onClose()}
    >
      {(subject) => <ServiceForm unit={subject} planId={planId} onClose={onClose} />}
    </DialogFor>
  );
}

function ServiceForm({ unit, planId, onClose }: { unit: ToolUnit; planId?: string; onClose: Close }) {
  const plans = useServicePlans();
  const record = useRecordService();
  const intent = useIdempotencyKey();
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(planId ?? unit.plans[0]?.planId ?? null);
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [result, setResult] = useState<'passed' | 'failed'>('passed');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const plan: ServicePlan | undefined = plans.data?.plans.find((candidate) => candidate._id === chosen);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!chosen) return setError(t('service.choosePlan'));
    try {
      const answer = await record.mutateAsync({
        unitId: unit._id,
        planId: chosen,
        result,
        checklist: (plan?.checklist ?? []).map((item) => ({ item, ok: checked[item] ?? false })),
        notes,
        performedAt: new Date().toISOString(),
        idempotencyKey: intent.key,
      });
      intent.renew();
      onClose(localMessage(answer.message));
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('service.failed')));
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error} />
      <Select
        label={t('service.plan')}
        data={unit.plans.map((standing) => ({ value: standing.planId, label: standing.name }))}
        value={chosen}
        onChange={intent.tracking(setChosen)}
        allowDeselect={false}
      />
      {plan && plan.checklist.length > 0 && (
        <Stack gap={6}>
          {plan.checklist.map((item) => (
            <Checkbox
              key={item}
              label={item}
              checked={checked[item] ?? false}
              onChange={intent.tracking((event) => setChecked({ ...checked, [item]: event.currentTarget.checked }))}
            />
          ))}
        </Stack>
      )}
      <SegmentedControl
        fullWidth
        value={result}
        onChange={intent.tracking((value) => setResult(value as 'passed' | 'failed'))}
        data={[
          { value: 'passed', label: t('service.passed') },
          { value: 'failed', label: t('service.failedResult') },
        ]}
      />
      <Textarea label={t('service.notes')} value={notes} onChange={intent.tracking((event) => setNotes(event.currentTarget.value))} />
      <DialogButtons onCancel={() => onClose()} action={t('service.record')} isBusy={record.isPending} />
    </FormStack>
  );
}

/** Hands a unit to a worker of its store until a day; an admin may let it through a held-back check with a reason. */
export function HandOverDialog({ unit, onClose }: { unit: ToolUnit | null; onClose: Close }) {
  const { t } = useTranslation();
  return (
    <DialogFor
      subject={unit}
      keyOf={(subject) => subject._id}
      title={(subject) => t('service.handOver', { serial: subject.serial })}
      onClose={() => onClose()}
    >
      {(subject) => <HandOverForm unit={subject} onClose={onClose} />}
    </DialogFor>
  );
}

function HandOverForm({ unit, onClose }: { unit: ToolUnit; onClose: Close }) {
  const checkOut = useStockMutation(checkOutTool);
  const intent = useIdempotencyKey();
  const isAdmin = useRole() === 'admin';
  const { t } = useTranslation();
  const [worker, setWorker] = useState<{ id: string; name: string } | null>(null);
  const [dueDay, setDueDay] = useState('');
  const [override, setOverride] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!worker) return setError(t('service.chooseWorker'));
    try {
      await checkOut.mutateAsync({
        toolId: unit.toolId,
        body: {
          workerId: worker.id,
          quantity: 1,
          unitIds: [unit._id],
          ...(dueDay ? { dueAt: dueDay } : {}),
          ...(override.trim() ? { override: { reason: override.trim() } } : {}),
        },
        idempotencyKey: intent.key,
      });
      intent.renew();
      onClose(t('movement.handedTo', { worker: worker.name }));
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('service.handOverFailed')));
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error} />
      <CustodyFields
        storeId={unit.store._id}
        workerId={worker?.id ?? null}
        onWorker={intent.tracking(setWorker)}
        dueDay={dueDay}
        onDueDay={intent.tracking(setDueDay)}
      />
      {isAdmin && (
        <TextInput
          label={t('service.overrideReason')}
          description={t('service.overrideHint')}
          value={override}
          onChange={intent.tracking((event) => setOverride(event.currentTarget.value))}
        />
      )}
      <DialogButtons onCancel={() => onClose()} action={t('service.handOverButton')} isBusy={checkOut.isPending} />
    </FormStack>
  );
}

/** Retires a unit in the store or back damaged, with the reason: it leaves the tool's total for good. */
export function RetireDialog({ unit, onClose }: { unit: ToolUnit | null; onClose: Close }) {
  const { t } = useTranslation();
  return (
    <DialogFor
      subject={unit}
      keyOf={(subject) => subject._id}
      title={(subject) => t('service.retire', { serial: subject.serial })}
      onClose={() => onClose()}
    >
      {(subject) => <RetireForm unit={subject} onClose={onClose} />}
    </DialogFor>
  );
}

function RetireForm({ unit, onClose }: { unit: ToolUnit; onClose: Close }) {
  const retire = useRetireUnit();
  const intent = useIdempotencyKey();
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const answer = await retire.mutateAsync({ unitId: unit._id, reason, idempotencyKey: intent.key });
      intent.renew();
      onClose(localMessage(answer.message));
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('service.retireFailed')));
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error} />
      <Text size="sm">{t('service.retireWarning')}</Text>
      <TextInput
        label={t('service.retireReason')}
        value={reason}
        onChange={intent.tracking((event) => setReason(event.currentTarget.value))}
      />
      <DialogButtons onCancel={() => onClose()} action={t('service.retireButton')} isBusy={retire.isPending} color="red" />
    </FormStack>
  );
}
