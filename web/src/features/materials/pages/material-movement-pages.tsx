import { DAMAGE_EXCEEDS_AVAILABLE, MATERIAL_REFUND_EXCEEDS, type Product, type SyncOpKind } from '@stockyard/contract';
import { ItemPicker } from '../../../lib/item-picker';
import { MovementForm, type MovementFormProps, type OfflineMovement } from '../../../lib/movement-form';
import { getToken } from '../../../lib/session';
import { type MaterialMovement, materialMovementCalls, materialPickerQuery, useMoveMaterial } from '../api/materials';

type Screen = Pick<
  MovementFormProps<Product>,
  'title' | 'quantityLabel' | 'buttonLabel' | 'busyLabel' | 'maxQuantity' | 'confirmMessage' | 'failureText'
> & { exceeds?: (product: Product, quantity: number) => string | null };

/** docs/SPEC.md's texts for each keeper material screen. */
const screens: Record<MaterialMovement, Screen> = {
  issue: { title: 'Add Issued Material', quantityLabel: 'Quantity', buttonLabel: 'Issued Stock', failureText: 'Error consuming stock.' },
  damage: {
    title: 'Add Damage Material',
    quantityLabel: 'Damage Quantity',
    buttonLabel: 'Damage Stock',
    maxQuantity: (product) => product.availableQuantity,
    exceeds: (product, quantity) => (quantity > product.availableQuantity ? DAMAGE_EXCEEDS_AVAILABLE : null),
    failureText: 'Failed to add damaged stock',
  },
  return: {
    title: 'Add Return Material',
    quantityLabel: 'Refund Quantity',
    buttonLabel: 'Return Stock',
    busyLabel: 'Processing...',
    maxQuantity: (product) => product.consumedQuantity,
    confirmMessage: 'Are you sure you want to refund this stock?',
    exceeds: (product, quantity) => (quantity > product.consumedQuantity ? MATERIAL_REFUND_EXCEEDS : null),
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

/** The op each screen queues on the phone, and what it does to the material's numbers. */
const offlineOps: Record<MaterialMovement, { kind: SyncOpKind; after: (product: Product, quantity: number) => Partial<Product> }> = {
  issue: { kind: 'issue', after: (p, q) => ({ availableQuantity: p.availableQuantity - q, consumedQuantity: p.consumedQuantity + q }) },
  damage: { kind: 'damage', after: (p, q) => ({ availableQuantity: p.availableQuantity - q, damagedQuantity: p.damagedQuantity + q }) },
  return: {
    kind: 'return',
    after: (p, q) => ({
      availableQuantity: p.availableQuantity + q,
      consumedQuantity: p.consumedQuantity - q,
      refundQuantity: p.refundQuantity + q,
    }),
  },
  purchase: {
    kind: 'restock',
    after: (p, q) => ({ availableQuantity: p.availableQuantity + q, restockedQuantity: p.restockedQuantity + q }),
  },
  transfer: {
    kind: 'transfer',
    after: (p, q) => ({ availableQuantity: p.availableQuantity + q, transferQuantity: p.transferQuantity + q }),
  },
};

function offlineMaterial(kind: MaterialMovement): OfflineMovement<Product> {
  const { kind: opKind, after } = offlineOps[kind];
  return {
    op: (product) => ({
      kind: opKind,
      itemKind: 'material',
      itemId: product._id,
      storeId: product.storeId._id,
      itemName: product.name,
      unit: product.unit,
    }),
    after: (product, quantity) => ({ ...product, ...after(product, quantity) }),
  };
}

export function MaterialMovementPage({ kind }: { kind: MaterialMovement }) {
  const move = useMoveMaterial(kind);
  const { exceeds, ...screen } = screens[kind];
  return (
    <MovementForm<Product>
      key={kind}
      {...screen}
      call={materialMovementCalls[kind]}
      offline={offlineMaterial(kind)}
      validate={(product, quantity) => {
        if (!getToken()) return 'User not authenticated';
        if (!product) return 'Please select a product.';
        return quantity && exceeds ? exceeds(product, quantity) : null;
      }}
      picker={(value, onChange) => (
        <ItemPicker<Product>
          label="Material"
          query={materialPickerQuery}
          offlineList="materials"
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
      submit={async (request) => {
        const answer = await move.mutateAsync(request);
        return { message: answer.message, item: answer.product };
      }}
    />
  );
}
