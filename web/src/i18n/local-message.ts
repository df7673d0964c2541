import type { describeMessage } from '@stockyard/contract/message-codes';
import { translatedMessage } from './messages';

let describe: typeof describeMessage | undefined;

/**
 * Loads how a message is matched back to its code. The contract's catalogue of codes brings every schema
 * (and zod) with it, and English shows messages as they come: only another language loads it, and
 * never before the first screen draws.
 */
export async function loadMessageCodes(): Promise<void> {
  describe ??= (await import('@stockyard/contract/message-codes')).describeMessage;
}

/**
 * A shared form check's or the server's message in the app's language, found by its English text
 * (a message made with names or numbers by its template). In English, or in the moment before the
 * codes have arrived, it is the English text as it came.
 */
export function localMessage(message: string): string {
  if (!describe) return message;
  const { code, params } = describe(message);
  return translatedMessage(message, code, params);
}
