import { MFA_CODE_REQUIRED } from '@stockyard/contract/messages';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api';

/** A form of one code (TOTP or recovery): refuses an empty one, sends it, and shows the server's message when it fails. */
export function useCodeForm(send: (code: string) => Promise<void>, fallbackError: string) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!code.trim()) {
      setError(MFA_CODE_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await send(code.trim());
    } catch (caught) {
      setError((caught instanceof ApiError && caught.serverMessage) || fallbackError);
    } finally {
      setBusy(false);
    }
  }
  return { code, setCode, error, setError, busy, handleSubmit };
}
