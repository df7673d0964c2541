import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageOf } from '@stockyard/contract/languages';
import i18next from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { loadMessageCodes } from './local-message';
import en from './locales/en.json';

/** Where this device keeps the language chosen on it (or given by the server at sign-in). */
const LANGUAGE_KEY = 'language';

type Catalogue = typeof en & { messages: Record<string, string> };

/** A language's screen texts and the server's messages in it, fetched side by side. */
async function catalogue(
  screens: Promise<{ default: typeof en }>,
  messages: Promise<{ default: Record<string, string> }>,
): Promise<Catalogue> {
  const [texts, serverMessages] = await Promise.all([screens, messages]);
  return { ...texts.default, messages: serverMessages.default };
}

/**
 * Every language but English arrives as its own small files, when first chosen: its screens' texts and
 * the server's messages in it. English shows the server's messages as they come, so it never loads them.
 */
const load: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  es: () => catalogue(import('./locales/es.json'), import('./locales/messages/es.json')),
  fr: () => catalogue(import('./locales/fr.json'), import('./locales/messages/fr.json')),
  hi: () => catalogue(import('./locales/hi.json'), import('./locales/messages/hi.json')),
};

/** The language to start in: the one chosen on this device, else the browser's, else English. */
export function startingLanguage(): Language {
  return chosenLanguage() ?? languageOf(navigator.languages ?? [navigator.language]);
}

export const i18n = i18next.createInstance();

/** Starts i18next (ICU messages: plurals and numbers as each language writes them) in the starting language. */
export async function startI18n(language: Language = startingLanguage()): Promise<void> {
  await i18n
    .use(ICU)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  await showLanguage(language);
  // Without the codes a message shows in English; choosing a language tries again.
  if (language !== 'en') messageCodesWhenIdle().catch(() => undefined);
}

/** Shows the app in a language, loading its texts first. */
async function showLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await load[language]());
  }
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

/**
 * Another language than English matches messages to their codes to show them translated: loaded when
 * the browser is next idle after the start, so they never hold up the first screen.
 */
function messageCodesWhenIdle(): Promise<void> {
  return new Promise((resolve, reject) => {
    const load = () => void loadMessageCodes().then(resolve, reject);
    // A browser that is never idle still loads them within a few seconds.
    if (window.requestIdleCallback) window.requestIdleCallback(load, { timeout: 5_000 });
    else setTimeout(load, 1);
  });
}

/** A language a person chose (or the one saved with them): shown now with its messages, and kept on this device. */
export async function chooseLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  await showLanguage(language);
  if (language !== 'en') await loadMessageCodes();
}

/** The language chosen on this device, if one was; null while the app follows the browser. */
export function chosenLanguage(): Language | null {
  const kept = localStorage.getItem(LANGUAGE_KEY);
  return kept && (LANGUAGES as readonly string[]).includes(kept) ? (kept as Language) : null;
}

/** The app's current language. */
export function currentLanguage(): Language {
  return (i18n.language as Language | undefined) ?? DEFAULT_LANGUAGE;
}
