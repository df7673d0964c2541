import * as contract from './index';
import { partsOfMessage } from './message-templates';

/**
 * Every fixed message of the API and the shared forms, by its English text: its stable code is the
 * name of the constant that holds it (`LOGIN_INVALID`). The server sends the code beside each message;
 * a screen in another language shows the translation of the code, or the English message when a
 * message has none yet (one made with names or numbers in it).
 */
const CODES = new Map<string, string>();
for (const [name, value] of Object.entries(contract)) {
  if (typeof value === 'string' && /^[A-Z][A-Z0-9_]+$/.test(name) && value.length > 3 && !CODES.has(value)) CODES.set(value, name);
}

export function codeOfMessage(message: string): string | undefined {
  return CODES.get(message);
}

/** Every code and its English text, for the English catalogue and the test that every language has each. */
export function messageCatalogue(): Record<string, string> {
  return Object.fromEntries([...CODES].map(([message, code]) => [code, message]));
}

/**
 * How a message is named for a screen in another language: a fixed message by its code; one made with
 * names or numbers by its template's code and its parts (`params`); any other by the fallback given.
 */
export function describeMessage(message: string, fallback?: string): { code?: string; params?: string[] } {
  const code = codeOfMessage(message);
  if (code) return { code };
  return partsOfMessage(message) ?? (fallback ? { code: fallback } : {});
}
