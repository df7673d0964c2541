import { useState } from 'react';
import { isConnectionLost } from './api';

/**
 * A random key for one stock operation, a version 4 UUID (a queued op's id is its key); made from
 * getRandomValues, as crypto.randomUUID is missing on plain http.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of what a form is about to send: one key per intent, kept until an answer
 * arrives, so pressing again after "Cannot reach the server" records the entry once.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = () => setKey(newIdempotencyKey());
  const settle = (error: unknown) => {
    if (!isConnectionLost(error)) renew();
  };
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
    settle,
    /** Sends with the intent's key and ends the intent on an answer (keeping it when the connection was lost). */
    send: async <T>(work: (key: string) => Promise<T>): Promise<T> => {
      try {
        const answer = await work(key);
        renew();
        return answer;
      } catch (error) {
        settle(error);
        throw error;
      }
    },
  };
}
