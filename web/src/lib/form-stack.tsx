import { Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/** A form laid out as one column; the browser's own validation bubbles are off, ours speak the product's texts. */
export function FormStack({ onSubmit, children }: { onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">{children}</Stack>
    </form>
  );
}
