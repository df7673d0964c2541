import { Alert } from '@mantine/core';

/** A form's error, shown as an alert while there is one; a problem a line. */
export function ErrorAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
      {text}
    </Alert>
  );
}
