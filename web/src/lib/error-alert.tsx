import { Alert } from '@mantine/core';

/** A form's error, shown as an alert while there is one. */
export function ErrorAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Alert color="red" role="alert">
      {text}
    </Alert>
  );
}
