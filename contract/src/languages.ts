/** The languages the app speaks; English is the default and holds the product's texts as they are. */
export const LANGUAGES = ['en', 'es', 'fr', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a picker lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', fr: 'Français', hi: 'हिन्दी' };

// Plain constants, without zod: the app reads them before its first screen (the schemas are in auth.ts).
export const LANGUAGE_SAVED = 'Language saved.';

/** The language of a browser's preferences that the app speaks, or English. */
export function languageOf(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if ((LANGUAGES as readonly string[]).includes(base ?? '')) return base as Language;
  }
  return DEFAULT_LANGUAGE;
}
