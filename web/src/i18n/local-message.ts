import { describeMessage } from '@stockyard/contract/message-codes';
import { translatedMessage } from './messages';

/**
 * A shared form check's or the server's message in the app's language, found by its English text
 * (a message made with names or numbers by its template).
 * Apart from messages.ts because the contract's catalogue of codes brings every schema (and zod) with it:
 * only the screens that need it load it, never the app's start.
 */
export function localMessage(message: string): string {
  const { code, params } = describeMessage(message);
  return translatedMessage(message, code, params);
}
