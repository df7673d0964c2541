import { useState } from 'react';
import { isConnectionLost } from './api';

/** A random key for one stock operation; works on plain http too, where crypto.randomUUID is missing. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of what a form is about to send: one key per intent, kept until an answer
 * arrives, so pressing again after "Cannot reach the server" records the entry once.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = () => setKey(newIdempotencyKey());
  return {
    key,
    /** A new intent: the form's content changed, or the last one was answered. */
    renew,
    /** A setter of the form's content that also starts a new intent. */
    tracking:
      <V>(setter: (value: V) => void) =>
      (value: V) => {
        setter(value);
        renew();
      },
    /** After a failed send: a server's answer ends the intent; a lost connection keeps the key for the next press. */
    settle: (error: unknown) => {
      if (!isConnectionLost(error)) renew();
    },
  };
}
