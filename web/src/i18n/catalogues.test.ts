import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@stockyard/contract/languages';
import { messageCatalogue } from '@stockyard/contract/message-codes';
import { MESSAGE_TEMPLATES } from '@stockyard/contract/message-templates';
import { MOVEMENT_KIND_LABELS } from '@stockyard/contract/messages';
import { REPORT_COLUMNS } from '@stockyard/contract/report-sheet';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import enScreens from './locales/en.json';
import esScreens from './locales/es.json';
import frScreens from './locales/fr.json';
import hiScreens from './locales/hi.json';
import enMessages from './locales/messages/en.json';
import esMessages from './locales/messages/es.json';
import frMessages from './locales/messages/fr.json';
import hiMessages from './locales/messages/hi.json';
import enStart from './locales/start/en.json';
import esStart from './locales/start/es.json';
import frStart from './locales/start/fr.json';
import hiStart from './locales/start/hi.json';

/** Each language's texts before sign-in and past it, and the server's messages in it, as the app holds them once a screen past sign-in showed. */
const en = { ...enStart, ...enScreens, messages: enMessages };
const catalogues = {
  en,
  es: { ...esStart, ...esScreens, messages: esMessages },
  fr: { ...frStart, ...frScreens, messages: frMessages },
  hi: { ...hiStart, ...hiScreens, messages: hiMessages },
} as const;
const parts = { en: [enStart, enScreens], es: [esStart, esScreens], fr: [frStart, frScreens], hi: [hiStart, hiScreens] } as const;

/** Every key of a catalogue as a dotted path, with its text. */
function flatten(tree: object, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [inner, text] of flatten(value as object, path)) keys.set(inner, text);
  }
  return keys;
}

/** Every source file of the app, tests left out. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const english = flatten(en);

type Element = { value?: unknown; options?: Record<string, { value: Element[] }> };

/** The names of a parsed ICU message's arguments, inside plural and select branches too. */
function argumentsOf(elements: Element[]): Set<string> {
  const names = new Set<string>();
  for (const element of elements) {
    if (typeof element.value === 'string' && 'type' in element && (element as { type: number }).type !== 0) names.add(element.value);
    for (const option of Object.values(element.options ?? {})) for (const name of argumentsOf(option.value)) names.add(name);
  }
  return names;
}

describe('the language catalogues', () => {
  it('cover the languages the app offers', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)(
    '%s: the texts before sign-in and those past it are sections apart, the same sections in every language',
    (language) => {
      const [start, screens] = parts[language];
      expect(Object.keys(start).filter((section) => section in screens)).toEqual([]);
      expect(Object.keys(start)).toEqual(Object.keys(enStart));
    },
  );

  it.each(['es', 'fr', 'hi'] as const)('%s has every key English has, and no other', (language) => {
    const keys = flatten(catalogues[language]);
    expect([...english.keys()].filter((key) => !keys.has(key))).toEqual([]);
    expect([...keys.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...keys].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it.each(LANGUAGES)('%s: every text is a valid ICU message with the same placeholders as English', (language) => {
    const placeholders = (text: string, locale: string) =>
      [...argumentsOf(new IntlMessageFormat(text, locale).getAst() as unknown as Element[])].sort();
    for (const [key, text] of flatten(catalogues[language])) {
      expect(() => new IntlMessageFormat(text, language), `${language} ${key}`).not.toThrow();
      expect(placeholders(text, language), `${language} ${key}`).toEqual(placeholders(english.get(key) ?? '', 'en'));
    }
  });

  it('holds every key the screens ask for', () => {
    const root = join(import.meta.dirname, '..');
    const used = new Set<string>();
    for (const file of sourceFiles(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(60);
    expect([...used].filter((key) => !english.has(key))).toEqual([]);
    // Keys made from a screen's kind.
    for (const kind of ['issue', 'damage', 'return', 'purchase', 'transfer']) {
      for (const part of ['title', 'quantity', 'button', 'failure']) expect(english.has(`movement.${kind}.${part}`)).toBe(true);
    }
  });

  it('translates every fixed server message, with the English text the server sends under its code', () => {
    const server = messageCatalogue();
    const codes = [...english.keys()].filter((key) => key.startsWith('messages.')).map((key) => key.slice('messages.'.length));
    for (const code of codes.filter((code) => code !== 'connectionLost' && !(code in MESSAGE_TEMPLATES))) {
      expect(english.get(`messages.${code}`), code).toBe(server[code]);
    }
    expect(Object.keys(server).filter((code) => !english.has(`messages.${code}`))).toEqual([]);
  });

  it("names each movement kind in English as the contract's labels do", () => {
    expect(en.kinds).toEqual(MOVEMENT_KIND_LABELS);
  });

  it('translates the header of every table column', () => {
    const headers = new Set<string>(REPORT_COLUMNS);
    for (const file of sourceFiles(join(import.meta.dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/header: '([^']+)'|\.(?:count|name)\('([^']+)'/g)) headers.add((match[1] ?? match[2]) as string);
    }
    expect(headers.size).toBeGreaterThan(40);
    expect([...headers].filter((header) => !english.has(`columns.${header}`))).toEqual([]);
  });

  it("says each message made with names or numbers as the server's English does, in every language", () => {
    const samples = { text: ['Cement bag', 'Site B', 'Drill'], number: [7, 1, 12], day: ['2026-03-05', '2026-11-30'] } as const;
    const shown = {
      text: (value: string) => value,
      number: (value: number) => value,
      day: (value: string) => value.split('-').reverse().join('/'),
    };
    for (const [code, template] of Object.entries(MESSAGE_TEMPLATES)) {
      for (const pick of [0, 1]) {
        const parts = template.parts.map((part, index) => samples[part][(index + pick) % samples[part].length] as never);
        const values = Object.fromEntries(
          template.parts.map((part, index) => [`p${index}`, (shown[part] as (value: never) => unknown)(parts[index] as never)]),
        );
        const english = new IntlMessageFormat(en.messages[code as keyof typeof en.messages] ?? '', 'en').format(values);
        expect(english, code).toBe((template.build as (...parts: unknown[]) => string)(...parts));
      }
      for (const language of LANGUAGES) expect(flatten(catalogues[language]).has(`messages.${code}`), `${language} ${code}`).toBe(true);
    }
  });

  it('names in every language each field that a form check names', () => {
    const contract = join(import.meta.dirname, '../../../contract/src');
    const labels = new Set<string>();
    for (const file of sourceFiles(contract)) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /\b(?:requiredText|optionalText|startingQuantitySchema|whole|returnedPart|field[A-Z]\w*|hiddenCharactersMessage)\('([^']+)'/g,
      )) {
        labels.add(match[1] as string);
      }
    }
    expect(labels.size).toBeGreaterThan(20);
    expect([...labels].filter((label) => !english.has(`fields.${label}`))).toEqual([]);
  });

  it('calls a thing by one name: Return, not Refund, except in the texts the product fixes', () => {
    // The Refund Tool screen and the refund messages keep their fixed wording.
    const fixed = new Set([
      'movement.return.confirm',
      'movement.return.failure',
      'movement.toolReturn.title',
      'movement.toolReturn.failure',
      'messages.MATERIAL_REFUND_EXCEEDS',
      'messages.toolRefundExceeds',
    ]);
    const saying = (pattern: RegExp) => [...english].filter(([key, text]) => pattern.test(text) && !fixed.has(key)).map(([key]) => key);
    expect(saying(/refund/i)).toEqual([]);
    expect(english.get('movement.return.quantity')).toBe('Return Quantity');
  });

  it('calls a return by its one word in every language, and never a refund', () => {
    // Goods that come back are a return in each language, never a repayment of money.
    const words = {
      es: { returns: /devol|devuel/i, refunds: /reembols/i },
      fr: { returns: /retour|rend/i, refunds: /rembours/i },
      hi: { returns: /वापस|वापसी|लौटा/, refunds: /धनवापसी|रिफ़ंड|रिफंड/ },
    } as const;
    const returnKeys = [...english].filter(([, text]) => /\b(return|refund)/i.test(text)).map(([key]) => key);
    expect(returnKeys.length).toBeGreaterThan(30);
    for (const [language, { returns, refunds }] of Object.entries(words)) {
      const texts = flatten(catalogues[language as keyof typeof words]);
      const sayingOther = returnKeys.filter((key) => !returns.test(texts.get(key) ?? ''));
      expect(sayingOther, language).toEqual([]);
      const sayingRefund = [...texts].filter(([, text]) => refunds.test(text)).map(([key]) => key);
      expect(sayingRefund, language).toEqual([]);
    }
  });
});
