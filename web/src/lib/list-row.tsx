import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** One row of a list read on a phone: what it is on the left, its actions on the right, a line under it. */
export function ListRow({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Group
      role="listitem"
      aria-label={label}
      justify="space-between"
      wrap="nowrap"
      align="flex-start"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Group>
  );
}
