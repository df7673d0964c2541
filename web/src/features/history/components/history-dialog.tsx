import { Alert, Modal, Text } from '@mantine/core';
import type { Movement } from '@stockyard/contract';
import { MOVEMENT_KIND_LABELS } from '@stockyard/contract/messages';
import { MOVEMENT_EFFECTS } from '@stockyard/contract/movements';
import { messageOf } from '../../../lib/api';
import { DataTable } from '../../../lib/data-table';
import { ddmmyyyy } from '../../../lib/format';
import { useItemHistory } from '../api/movements';

/** A movement's effect on what is available, signed. */
function signedQuantity(movement: Movement): string {
  const quantity = movement.quantity * (MOVEMENT_EFFECTS[movement.kind].available_quantity ?? 0);
  return quantity > 0 ? `+${quantity}` : String(quantity);
}

function timeOf(iso: string): string {
  return `${ddmmyyyy(iso)} ${iso.slice(11, 16)}`;
}

/** Every movement of one material or tool, newest first: how each number on screen came about. */
export function HistoryDialog({ item, onClose }: { item: { _id: string; name: string } | null; onClose: () => void }) {
  const history = useItemHistory(item?._id);
  return (
    <Modal opened={item !== null} onClose={onClose} title={`History of ${item?.name ?? ''}`} size="xl">
      {history.isError && (
        <Alert color="red" role="alert">
          {messageOf(history.error, 'Failed to fetch data. Please try again.')}
        </Alert>
      )}
      {history.data && history.data.total > history.data.movements.length && (
        <Text size="sm" c="dimmed" mb="xs">
          The latest {history.data.movements.length} of {history.data.total} movements.
        </Text>
      )}
      <DataTable
        caption="Movement history"
        minWidth={560}
        isLoading={history.isPending}
        rows={history.data?.movements}
        rowKey={(movement) => movement._id}
        emptyText="No movements yet."
        columns={[
          { header: 'When', render: (m) => timeOf(m.occurredAt) },
          { header: 'What', render: (m) => MOVEMENT_KIND_LABELS[m.kind] },
          { header: 'Quantity', render: (m) => signedQuantity(m), align: 'right' },
          { header: 'By', render: (m) => m.actor?.name ?? 'N/A' },
          { header: 'Note', render: (m) => m.reason ?? m.supplier ?? '' },
        ]}
      />
    </Modal>
  );
}
