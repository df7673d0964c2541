import { type Tool, toolRefundExceeds } from '@stockyard/contract';
import { ItemPicker } from '../../../lib/item-picker';
import { MovementForm, type MovementFormProps } from '../../../lib/movement-form';
import { type ToolMovement, toolKeys, useMoveTool } from '../api/tools';

type Screen = Pick<
  MovementFormProps<Tool>,
  'title' | 'quantityLabel' | 'buttonLabel' | 'busyLabel' | 'maxQuantity' | 'validate' | 'reasonLabel' | 'failureText'
>;

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
    validate: (tool, quantity) => {
      if (!tool) return 'Please select a tool.';
      if (!quantity || quantity <= 0) return 'Please enter a valid refund quantity.';
      if (quantity > tool.consumedQuantity) return toolRefundExceeds(tool.consumedQuantity);
      return null;
    },
    failureText: 'Failed to refund stock',
  },
};

export function ToolMovementPage({ kind }: { kind: ToolMovement }) {
  const move = useMoveTool(kind);
  const screen = screens[kind];
  return (
    <MovementForm<Tool>
      key={kind}
      {...screen}
      defaultQuantity={1}
      validate={(tool, quantity) => {
        if (screen.validate) return screen.validate(tool, quantity);
        if (!tool) return 'Please select a tool.';
        if (!quantity || quantity < 1) return 'Please enter a valid quantity.';
        return null;
      }}
      picker={(value, onChange) => (
        <ItemPicker<Tool> label="Tool" path="/api/user/get-tools" queryKey={toolKeys.all} value={value} onChange={onChange} />
      )}
      summary={(tool) => [
        ['Available', tool.availableQuantity],
        ['Issued', tool.consumedQuantity],
        ['Damaged', tool.damagedQuantity],
        ['Returned', tool.refundQuantity],
        ['Quantity', tool.totalQuantity],
      ]}
      isBusy={move.isPending}
      submit={async ({ item, quantity, reason, idempotencyKey }) => {
        const answer = await move.mutateAsync({ tool: item, quantity, reason, idempotencyKey });
        return { message: answer.message, item: answer.tool };
      }}
    />
  );
}
