import { Group, Pagination, Text } from '@mantine/core';
import { useDeferredValue } from 'react';
import { PAGE_SIZE } from './paging';

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

export function Pager({ page, total: newTotal, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  // Moves with DataTable's deferred rows, so the pager never jumps ahead of the page it belongs to.
  const total = useDeferredValue(newTotal);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (total <= PAGE_SIZE) return null;
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {total.toLocaleString('en')} rows
      </Text>
      <Pagination
        value={page}
        onChange={onChange}
        total={pages}
        size="sm"
        siblings={1}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
