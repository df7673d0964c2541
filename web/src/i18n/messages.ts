import { i18n } from './i18n';

/**
 * A message of the server's or of a shared form check in the app's language: the translation of its
 * code where the language has one, else the English text as it came (a message made with names or
 * numbers in it that no catalogue holds yet).
 */
export function translatedMessage(message: string, code?: string): string {
  if (code && i18n.exists(`messages.${code}`)) return i18n.t(`messages.${code}`);
  return message;
}
