import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageOf } from '@stockyard/contract/languages';
import i18next from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { loadMessageCodes } from './local-message';
import startEn from './locales/start/en.json';

/** Where this device keeps the language chosen on it (or given by the server at sign-in). */
const LANGUAGE_KEY = 'language';

type Texts = Record<string, unknown>;

/** A language's first texts and the server's messages in it, fetched side by side. */
async function withMessages(texts: Promise<{ default: Texts }>, messages: Promise<{ default: Record<string, string> }>): Promise<Texts> {
  const [screens, serverMessages] = await Promise.all([texts, messages]);
  return { ...screens.default, messages: serverMessages.default };
}

/**
 * What a language says before sign-in (the login, two-step sign-in, field names and the server's
 * messages). English comes with the app and shows the server's messages as they come; every other
 * language arrives as its own small files when first chosen.
 */
const startTexts: Record<Exclude<Language, 'en'>, () => Promise<Texts>> = {
  es: () => withMessages(import('./locales/start/es.json'), import('./locales/messages/es.json')),
  fr: () => withMessages(import('./locales/start/fr.json'), import('./locales/messages/fr.json')),
  hi: () => withMessages(import('./locales/start/hi.json'), import('./locales/messages/hi.json')),
};

/** The texts of the screens past sign-in, in each language: fetched with the first of those screens. */
const screenTexts: Record<Language, () => Promise<{ default: Texts }>> = {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  hi: () => import('./locales/hi.json'),
};

/** Once a screen past sign-in has asked for its texts, a language chosen later brings its screens' texts too. */
let screensShown = false;
const screenTextsAdded = new Map<Language, Promise<void>>();

function addScreenTexts(language: Language): Promise<void> {
  let added = screenTextsAdded.get(language);
  if (!added) {
    added = screenTexts[language]().then((texts) => {
      i18n.addResourceBundle(language, 'translation', texts.default, true, true);
    });
    // A failed fetch (no signal before the file was ever kept) is tried again by the next screen.
    added.catch(() => screenTextsAdded.delete(language));
    screenTextsAdded.set(language, added);
  }
  return added;
}

/** The current language's texts for the screens past sign-in, loaded once: every such screen waits for them. */
export function loadScreenTexts(): Promise<void> {
  screensShown = true;
  // Asked for while the app starts, before i18next has a language: the one it is starting in.
  return addScreenTexts(i18n.isInitialized ? currentLanguage() : startingLanguage());
}

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
      // A copy: i18next adds the screens' texts into the object it holds.
      resources: { en: { translation: structuredClone(startEn) } },
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
    i18n.addResourceBundle(language, 'translation', await startTexts[language](), true, true);
  }
  if (screensShown) await addScreenTexts(language);
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
