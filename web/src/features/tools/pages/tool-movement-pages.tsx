import {
  type CheckoutRequest,
  SIGNATURE_REQUIRED,
  type SyncOpKind,
  type Tool,
  toolRefundExceeds,
  type UnitState,
} from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStockMutation } from '../../../lib/stock-mutation';
import { CustodyFields, checkOutTool } from '../../custody';
import { SignaturePad, uploadFileOf } from '../../files';
import { ItemPicker, MovementForm, type MovementFormProps, type OfflineMovement } from '../../offline';
import { UnitPicker } from '../../service';
import { useStoreOptions } from '../../stores';
import { type ToolMovement, toolMovementCalls, useMoveTool } from '../api/tool-movements';
import { toolPickerQuery } from '../api/tools';

type Screen = Pick<MovementFormProps<Tool>, 'maxQuantity'> & {
  /** Whether the screen asks why (damage does). */
  asksReason?: boolean;
  /** Whether the button reads as busy while it sends (a return does). */
  showsBusy?: boolean;
  exceeds?: (tool: Tool, quantity: number) => string | null;
};

/** The rules of each keeper tool screen; their texts are under `movement.tool<Kind>` in each language. */
const screens: Record<ToolMovement, Screen> = {
  issue: {},
  damage: { asksReason: true, maxQuantity: (tool) => tool.availableQuantity },
  return: {
    showsBusy: true,
    // What workers hold comes back through Tools out, not here.
    exceeds: (tool, quantity) => {
      const returnable = tool.consumedQuantity - tool.inCustodyQuantity;
      return quantity > returnable ? toolRefundExceeds(returnable) : null;
    },
  },
};

const TEXTS = { issue: 'toolIssue', damage: 'toolDamage', return: 'toolReturn' } as const;

/** Where each screen takes a serial tool's units from. */
const UNITS_FROM: Record<ToolMovement, UnitState> = { issue: 'available', damage: 'available', return: 'issued' };

/** The op each screen queues on the phone, and what it does to the tool's numbers. */
const offlineOps: Record<ToolMovement, { kind: SyncOpKind; after: (tool: Tool, quantity: number) => Partial<Tool> }> = {
  issue: {
    kind: 'tool-issue',
    after: (t, q) => ({ availableQuantity: t.availableQuantity - q, consumedQuantity: t.consumedQuantity + q }),
  },
  damage: {
    kind: 'tool-damage',
    after: (t, q) => ({ availableQuantity: t.availableQuantity - q, damagedQuantity: t.damagedQuantity + q }),
  },
  return: {
    kind: 'tool-return',
    after: (t, q) => ({
      availableQuantity: t.availableQuantity + q,
      consumedQuantity: t.consumedQuantity - q,
      refundQuantity: t.refundQuantity + q,
    }),
  },
};

/** A tool issue that hands the tools to a worker, due back by a day (or, empty, the end of today's). */
type Handover = { workerId: string; workerName: string; dueDay: string };

function offlineTool(kind: ToolMovement, unitIds: string[], handover?: Handover): OfflineMovement<Tool> {
  const { kind: opKind, after } = offlineOps[kind];
  return {
    op: (tool) => ({
      kind: opKind,
      itemKind: 'tool',
      itemId: tool._id,
      storeId: tool.storeId._id,
      itemName: tool.name,
      itemUnit: '',
      ...(tool.tracking === 'serial' && { unitIds }),
      ...(handover && {
        workerId: handover.workerId,
        workerName: handover.workerName,
        ...(handover.dueDay && { dueAt: handover.dueDay }),
      }),
    }),
    after: (tool, quantity) => ({
      ...tool,
      ...after(tool, quantity),
      ...(handover && { inCustodyQuantity: tool.inCustodyQuantity + quantity }),
    }),
  };
}

export function ToolMovementPage({ kind }: { kind: ToolMovement }) {
  const move = useMoveTool(kind);
  const checkOut = useStockMutation(checkOutTool);
  const { t } = useTranslation();
  const { exceeds, asksReason, showsBusy, maxQuantity } = screens[kind];
  const texts = `movement.${TEXTS[kind]}`;
  // The issue screen may name the worker who takes the tool, and when it is due back.
  const [worker, setWorker] = useState<{ id: string; name: string } | null>(null);
  const workerId = worker?.id ?? null;
  const [dueDay, setDueDay] = useState('');
  // A serial tool's screen names the units that move, as many as the quantity.
  const [unitIds, setUnitIds] = useState<string[]>([]);
  // The worker signs for what they take, where the store asks for it.
  const [signature, setSignature] = useState<Blob | null>(null);
  const stores = useStoreOptions();
  const asksSignature = (tool: Tool | null) =>
    Boolean(tool && stores.data?.find((store) => store._id === tool.storeId._id)?.signatureOnHandover);
  const base = toolMovementCalls[kind];
  const call = {
    ...base,
    body: (tool: Tool, quantity: number | undefined, reason: string) => ({
      ...(base.body(tool, quantity, reason) as object),
      ...(tool.tracking === 'serial' && { unitIds }),
    }),
  };
  return (
    <MovementForm<Tool>
      key={kind}
      title={t(`${texts}.title`)}
      quantityLabel={t(`${texts}.quantity`)}
      buttonLabel={t(`${texts}.button`)}
      busyLabel={showsBusy ? t('movement.return.busy') : undefined}
      reasonLabel={asksReason ? t('movement.toolDamage.reason') : undefined}
      failureText={t(`${texts}.failure`)}
      maxQuantity={maxQuantity}
      defaultQuantity={1}
      call={call}
      offline={offlineTool(
        kind,
        unitIds,
        kind === 'issue' && worker ? { workerId: worker.id, workerName: worker.name, dueDay } : undefined,
      )}
      signature={kind === 'issue' && worker ? signature : null}
      validate={(tool, quantity) => {
        if (!tool) return t('movement.selectTool');
        if (kind === 'issue' && worker && !signature && asksSignature(tool)) return SIGNATURE_REQUIRED;
        if (tool.tracking === 'serial' && unitIds.length !== quantity) return t('service.unitsMatch');
        return quantity && exceeds ? exceeds(tool, quantity) : null;
      }}
      picker={(value, onChange, onRefresh) => (
        <ItemPicker<Tool>
          label={t('movement.tool')}
          query={toolPickerQuery}
          value={value}
          onChange={onChange}
          onRefresh={onRefresh}
          offlineList="tools"
        />
      )}
      summary={(tool) => [
        ['Available', tool.availableQuantity],
        ['Issued', tool.consumedQuantity],
        ['Damaged', tool.damagedQuantity],
        ['Returned', tool.refundQuantity],
        ['With workers', tool.inCustodyQuantity],
        ['Lost', tool.lostQuantity],
        ['Quantity', tool.totalQuantity],
      ]}
      isBusy={move.isPending || checkOut.isPending}
      extra={(tool) => (
        <>
          {tool?.tracking === 'serial' && (
            <UnitPicker key={tool._id} tool={tool} from={UNITS_FROM[kind]} value={unitIds} onChange={setUnitIds} />
          )}
          {kind === 'issue' && <CustodyFields workerId={workerId} onWorker={setWorker} dueDay={dueDay} onDueDay={setDueDay} />}
          {kind === 'issue' && worker && (
            <SignaturePad
              key={worker.id}
              label={t('custody.workerSignature', { worker: worker.name })}
              description={asksSignature(tool) ? t('custody.signatureAsked') : t('custody.signatureOptional')}
              isSigned={signature !== null}
              onChange={setSignature}
            />
          )}
        </>
      )}
      extraValue={`${workerId ?? ''} ${dueDay} ${unitIds.join(',')}`}
      // A hand-over starts afresh: the next tool usually goes to someone else.
      clearsItem={kind === 'issue' && workerId !== null}
      onRecorded={() => {
        setWorker(null);
        setDueDay('');
        setUnitIds([]);
        setSignature(null);
      }}
      submit={async (request) => {
        if (kind === 'issue' && workerId) {
          const { toolId, quantity, unitIds: units, location } = request.body as CheckoutRequest & { toolId: string };
          const signed = signature ? await uploadFileOf(signature, 'signature.png') : undefined;
          const answer = await checkOut.mutateAsync({
            toolId,
            body: {
              workerId,
              quantity,
              ...(units ? { unitIds: units } : {}),
              ...(dueDay ? { dueAt: dueDay } : {}),
              ...(location ? { location } : {}),
              ...(signed ? { signature: signed } : {}),
            },
            idempotencyKey: request.idempotencyKey,
          });
          return { message: t('movement.handedTo', { worker: answer.custody.worker.name }), item: answer.tool };
        }
        const answer = await move.mutateAsync(request);
        return { message: answer.message, item: answer.tool };
      }}
    />
  );
}
