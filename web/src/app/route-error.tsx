import { Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Stack p="xl">
      <Title order={2}>Unexpected Application Error!</Title>
      <Text>{detail}</Text>
    </Stack>
  );
}
