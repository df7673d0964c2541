import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

function RouteError({ error }: FallbackProps) {
  const { t } = useTranslation();
  return (
    <Stack p="xl">
      <Title order={2}>{t('common.unexpectedError')}</Title>
      <Text>{error instanceof Error ? error.message : String(error)}</Text>
    </Stack>
  );
}

/** A screen that fails to draw shows what went wrong in its place; moving to another screen tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
