import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame every screen sits in: a title and a card, narrow for forms. */
export function PageCard({ title, narrow, children }: { title: string; narrow?: boolean; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={narrow ? 560 : undefined} mx={narrow ? 'auto' : undefined}>
      <Title order={2} size="h3" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
