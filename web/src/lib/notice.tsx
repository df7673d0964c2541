import { Alert } from '@mantine/core';

export type NoticeValue = { ok: boolean; text: string } | null;

/** A success (status) or failure (alert) message above a form or a table; each line of it on its own. */
export function Notice({ value, onClose, mb }: { value: NoticeValue; onClose?: () => void; mb?: string }) {
  if (!value) return null;
  return (
    <Alert
      color={value.ok ? 'green' : 'red'}
      role={value.ok ? 'status' : 'alert'}
      mb={mb}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      style={{ whiteSpace: 'pre-line' }}
    >
      {value.text}
    </Alert>
  );
}
