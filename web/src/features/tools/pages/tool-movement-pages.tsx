import { type SyncOpKind, type Tool, toolRefundExceeds } from '@stockyard/contract';
import { useState } from 'react';
import { ItemPicker } from '../../../lib/item-picker';
import { MovementForm, type MovementFormProps, type OfflineMovement } from '../../../lib/movement-form';
import { useStockMutation } from '../../../lib/stock-mutation';
import { checkOutTool } from '../../custody/api/custody';
import { CustodyFields } from '../../custody/components/custody-fields';
import { type ToolMovement, toolMovementCalls, toolPickerQuery, useMoveTool } from '../api/tools';

type Screen = Pick<
  MovementFormProps<Tool>,
  'title' | 'quantityLabel' | 'buttonLabel' | 'busyLabel' | 'maxQuantity' | 'reasonLabel' | 'failureText'
> & {
  exceeds?: (tool: Tool, quantity: number) => string | null;
};

/** docs/SPEC.md's texts for each keeper tool screen. */
const screens: Record<ToolMovement, Screen> = {
  issue: { title: 'Issued Tool', quantityLabel: 'Quantity', buttonLabel: 'Issued Tool', failureText: 'Failed to issue stock' },
  damage: {
    title: 'Add Damage Tool',
    quantityLabel: 'Damage Quantity',
    buttonLabel: 'Damage Stock',
    reasonLabel: 'Damage Reason',
    maxQuantity: (tool) => tool.availableQuantity,
    failureText: 'Failed to add damaged stock',
  },
  return: {
    title: 'Refund Tool',
    quantityLabel: 'Quantity',
    buttonLabel: 'Return Tool',
    busyLabel: 'Processing...',
    // What workers hold comes back through Tools out, not here.
    exceeds: (tool, quantity) => {
      const returnable = tool.consumedQuantity - tool.inCustodyQuantity;
      return quantity > returnable ? toolRefundExceeds(returnable) : null;
    },
    failureText: 'Failed to refund stock',
  },
};

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
type Handover = { workerId: string; dueDay: string };

function offlineTool(kind: ToolMovement, handover?: Handover): OfflineMovement<Tool> {
  const { kind: opKind, after } = offlineOps[kind];
  return {
    op: (tool) => ({
      kind: opKind,
      itemKind: 'tool',
      itemId: tool._id,
      storeId: tool.storeId._id,
      itemName: tool.name,
      unit: '',
      ...(handover && { workerId: handover.workerId, ...(handover.dueDay && { dueAt: handover.dueDay }) }),
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
  const { exceeds, ...screen } = screens[kind];
  // The issue screen may name the worker who takes the tool, and when it is due back.
  const [workerId, setWorkerId] = useState<string | null>(null);
  const [dueDay, setDueDay] = useState('');
  return (
    <MovementForm<Tool>
      key={kind}
      {...screen}
      defaultQuantity={1}
      call={toolMovementCalls[kind]}
      offline={offlineTool(kind, kind === 'issue' && workerId ? { workerId, dueDay } : undefined)}
      validate={(tool, quantity) => {
        if (!tool) return 'Please select a tool.';
        return quantity && exceeds ? exceeds(tool, quantity) : null;
      }}
      picker={(value, onChange) => (
        <ItemPicker<Tool> label="Tool" query={toolPickerQuery} value={value} onChange={onChange} offlineList="tools" />
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
      extra={
        kind === 'issue' ? <CustodyFields workerId={workerId} onWorker={setWorkerId} dueDay={dueDay} onDueDay={setDueDay} /> : undefined
      }
      extraValue={`${workerId ?? ''} ${dueDay}`}
      submit={async (request) => {
        if (kind === 'issue' && workerId) {
          const { toolId, quantity } = request.body as { toolId: string; quantity: number };
          const answer = await checkOut.mutateAsync({
            toolId,
            body: { workerId, quantity, ...(dueDay ? { dueAt: dueDay } : {}) },
            idempotencyKey: request.idempotencyKey,
          });
          return { message: `${answer.message} to ${answer.custody.worker.name}`, item: answer.tool };
        }
        const answer = await move.mutateAsync(request);
        return { message: answer.message, item: answer.tool };
      }}
    />
  );
}
