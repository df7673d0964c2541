import type { Product } from '@stockyard/contract';
import { ItemPicker } from '../../../lib/item-picker';
import { MovementForm, type MovementFormProps } from '../../../lib/movement-form';
import { getToken } from '../../../lib/session';
import { type MaterialMovement, materialKeys, useMoveMaterial } from '../api/materials';

type Screen = Pick<
  MovementFormProps<Product>,
  'title' | 'quantityLabel' | 'buttonLabel' | 'busyLabel' | 'maxQuantity' | 'validate' | 'confirmMessage' | 'failureText'
>;

function requireSelection(product: Product | null): string | null {
  if (!getToken()) return 'User not authenticated';
  return product ? null : 'Please select a product.';
}

/** SPEC.md's texts for each keeper material screen. */
const screens: Record<MaterialMovement, Screen> = {
  issue: { title: 'Add Issued Material', quantityLabel: 'Quantity', buttonLabel: 'Issued Stock', failureText: 'Error consuming stock.' },
  damage: {
    title: 'Add Damage Material',
    quantityLabel: 'Damage Quantity',
    buttonLabel: 'Damage Stock',
    maxQuantity: (product) => product.availableQuantity,
    failureText: 'Failed to add damaged stock',
  },
  return: {
    title: 'Add Return Material',
    quantityLabel: 'Refund Quantity',
    buttonLabel: 'Return Stock',
    busyLabel: 'Processing...',
    maxQuantity: (product) => product.consumedQuantity,
    confirmMessage: 'Are you sure you want to refund this stock?',
    validate: (product, quantity) => {
      if (!product) return 'Please select a product.';
      if (!quantity || quantity <= 0) return 'Please enter a valid refund quantity.';
      if (quantity > product.consumedQuantity) return 'Refund quantity exceeds consumed stock.';
      return null;
    },
    failureText: 'Failed to refund stock.',
  },
  purchase: {
    title: 'Restock Material',
    quantityLabel: 'Restock Quantity',
    buttonLabel: 'Restock Material',
    failureText: 'Failed to restock product',
  },
  transfer: {
    title: 'Transfer from Warehouse',
    quantityLabel: 'Transfer Quantity',
    buttonLabel: 'Transfer',
    failureText: 'Failed to transfer stock',
  },
};

export function MaterialMovementPage({ kind }: { kind: MaterialMovement }) {
  const move = useMoveMaterial(kind);
  const screen = screens[kind];
  return (
    <MovementForm<Product>
      key={kind}
      {...screen}
      validate={(product, quantity) => {
        const problem = requireSelection(product);
        if (problem) return problem;
        if (screen.validate) return screen.validate(product, quantity);
        if (!quantity || quantity < 1) return 'Please enter a valid quantity.';
        if (kind === 'damage' && product && quantity > product.availableQuantity) return 'Damage quantity exceeds available stock.';
        return null;
      }}
      picker={(value, onChange) => (
        <ItemPicker<Product>
          label="Material"
          path="/api/user/get-product"
          queryKey={materialKeys.all}
          value={value}
          onChange={onChange}
          describe={(product) => `${product.name}${product.unit ? ` (${product.unit})` : ''}`}
        />
      )}
      summary={(product) => [
        ['Available', product.availableQuantity],
        ['Issued', product.consumedQuantity],
        ['Damaged', product.damagedQuantity],
        ['Returned', product.refundQuantity],
        ['Purchases', product.restockedQuantity],
        ['Transfers', product.transferQuantity],
      ]}
      isBusy={move.isPending}
      submit={async ({ item, quantity, idempotencyKey }) => {
        const answer = await move.mutateAsync({ product: item, quantity, idempotencyKey });
        return { message: answer.message, item: answer.product };
      }}
    />
  );
}
