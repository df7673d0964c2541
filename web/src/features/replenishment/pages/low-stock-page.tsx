import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { ListRow } from '../../../lib/list-row';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores/components/store-select';
import { useLowStock } from '../api/low-stock';

/** Materials at or below their minimum, the emptiest first, with what to order. */
export function LowStockPage() {
  const isAdmin = useRole() === 'admin';
  const [storeId, setStoreId] = useState<string | null>(null);
  const low = useLowStock(storeId ?? undefined);
  const rows = low.data?.rows ?? [];
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Title order={2}>Low stock</Title>
      {isAdmin && <StoreSelect value={storeId} onChange={setStoreId} required={false} />}
      <ErrorAlert text={low.isError ? messageOf(low.error, 'Failed to fetch data. Please try again.') : null} />
      {low.isPending && 'Loading...'}
      {low.data && rows.length === 0 && <Text size="sm">Nothing is low. Set reorder points on the material list.</Text>}
      <Stack gap={0} role="list" aria-label="Low stock">
        {rows.map((row) => (
          <ListRow key={row.materialId} label={row.name}>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {row.name}
              </Text>
              <Text size="xs" c={row.available === 0 ? 'red.8' : 'dimmed'}>
                {row.available} {row.unit} left · minimum {row.minQty}
                {isAdmin && ` · ${row.store.name}`}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text size="sm" fw={600}>
                Order {row.suggested}
              </Text>
              {row.packSize > 1 && (
                <Text size="xs" c="dimmed">
                  {row.suggested / row.packSize} packs of {row.packSize}
                </Text>
              )}
            </Stack>
          </ListRow>
        ))}
      </Stack>
    </Stack>
  );
}
