import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { PRINTED_TEXTS, printedLanguage } from './printed';

const placesOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Every text of a catalogue by its path, arrays and records opened. */
function textsOf(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => textsOf(inner, path ? `${path}.${key}` : key));
}

describe('printed documents in every language', () => {
  const english = new Map(textsOf(PRINTED_TEXTS.en));
  for (const language of LANGUAGES) {
    it(`${language}: says every text English says, with the same parts`, () => {
      const texts = new Map(textsOf(PRINTED_TEXTS[language]));
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [path, text] of texts) {
        expect(text, path).toMatch(/\S/);
        expect(placesOf(text), path).toEqual(placesOf(english.get(path) ?? ''));
      }
    });
  }

  it('prints in the language a request prefers most among those the app speaks, else English', () => {
    expect(printedLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(printedLanguage('de;q=1, hi;q=0.4, es;q=0.6')).toBe('es');
    expect(printedLanguage('de, ja')).toBe('en');
    expect(printedLanguage(undefined)).toBe('en');
    expect(printedLanguage('es;q=0')).toBe('en');
  });
});
