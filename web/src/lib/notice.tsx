import { Alert } from '@mantine/core';
import { localMessage } from '../i18n/local-message';
import { messageOf } from './api';

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

/** Runs a save and shows its answer in a notice, in the reader's language; whether it was saved. */
export async function saveWithNotice(work: () => Promise<{ message: string }>, onDone: (notice: NoticeValue) => void, failText: string) {
  try {
    onDone({ ok: true, text: localMessage((await work()).message) });
    return true;
  } catch (error) {
    onDone({ ok: false, text: messageOf(error, failText) });
    return false;
  }
}
