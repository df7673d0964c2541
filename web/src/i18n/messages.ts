import { currentLanguage, i18n } from './i18n';

/** A part of a message as the sentence takes it: a number as a number (so it is written as the language writes numbers). */
function partOf(param: string, index: number, code: string): string | number {
  if (/^\d[\d,]*$/.test(param)) return Number(param.replace(/,/g, ''));
  // A field check names its field in English: its label has a translation of its own.
  if (index === 0 && code.startsWith('field') && i18n.exists(`fields.${param}`)) return i18n.t(`fields.${param}`);
  return param;
}

/**
 * A message of the server's or of a shared form check in the app's language: the translation of its
 * code (with the names and numbers of a message made with them) where the language has one, else the
 * English text as it came. In English the text is shown as it came.
 */
export function translatedMessage(message: string, code?: string, params?: string[]): string {
  if (!code || currentLanguage() === 'en' || !i18n.exists(`messages.${code}`)) return message;
  const values = Object.fromEntries((params ?? []).map((param, index) => [`p${index}`, partOf(param, index, code)]));
  return i18n.t(`messages.${code}`, values);
}
