import { type Tool, toolRefundExceeds } from '@stockyard/contract';
import { ItemPicker } from '../../../lib/item-picker';
import { MovementForm, type MovementFormProps } from '../../../lib/movement-form';
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
    exceeds: (tool, quantity) => (quantity > tool.consumedQuantity ? toolRefundExceeds(tool.consumedQuantity) : null),
    failureText: 'Failed to refund stock',
  },
};

export function ToolMovementPage({ kind }: { kind: ToolMovement }) {
  const move = useMoveTool(kind);
  const { exceeds, ...screen } = screens[kind];
  return (
    <MovementForm<Tool>
      key={kind}
      {...screen}
      defaultQuantity={1}
      call={toolMovementCalls[kind]}
      validate={(tool, quantity) => {
        if (!tool) return 'Please select a tool.';
        return quantity && exceeds ? exceeds(tool, quantity) : null;
      }}
      picker={(value, onChange) => <ItemPicker<Tool> label="Tool" query={toolPickerQuery} value={value} onChange={onChange} />}
      summary={(tool) => [
        ['Available', tool.availableQuantity],
        ['Issued', tool.consumedQuantity],
        ['Damaged', tool.damagedQuantity],
        ['Returned', tool.refundQuantity],
        ['Quantity', tool.totalQuantity],
      ]}
      isBusy={move.isPending}
      submit={async (request) => {
        const answer = await move.mutateAsync(request);
        return { message: answer.message, item: answer.tool };
      }}
    />
  );
}
