import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { NOTICE_CODES, NOTICE_KINDS, NOTICE_TEXTS, noticeMail, noticeText } from './notices';

const placesOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('notices in every language', () => {
  for (const language of LANGUAGES) {
    it(`${language}: every notice, subject and screen line is written, with the same parts as the English`, () => {
      const catalogue = NOTICE_TEXTS[language];
      for (const code of NOTICE_CODES) {
        expect(catalogue.notices[code], code).toMatch(/\S/);
        expect(placesOf(catalogue.notices[code]), code).toEqual(placesOf(NOTICE_TEXTS.en.notices[code]));
      }
      for (const kind of [...NOTICE_KINDS, 'other'] as const) {
        expect(placesOf(catalogue.subjects[kind]), kind).toEqual(placesOf(NOTICE_TEXTS.en.subjects[kind]));
        expect(catalogue.screens[kind], kind).toMatch(/\S/);
      }
    });
  }

  it('puts the parts in, numbers as the language writes them', () => {
    const parts = ['Cement', 'Site B', 1500, 'bag', 200];
    expect(noticeText('en', 'lowStock', parts)).toBe('Cement is low in Site B: 1,500 bag left, minimum 200.');
    expect(noticeText('es', 'lowStock', parts)).toBe('Cement está bajo mínimo en Site B: quedan 1500 bag, mínimo 200.');
    expect(noticeText('fr', 'lowStock', parts)).toBe('Cement est bas à Site B : reste 1\u202f500 bag, minimum 200.');
  });

  it('names an email by its kind and store, and falls back for a kind it does not know', () => {
    expect(noticeMail('es', 'transfer', 'Site B')).toEqual({
      subject: 'Traspaso para Site B',
      screen: 'Abra la pantalla Traspasos de Stockyard.',
    });
    expect(noticeMail('en', 'unknown', 'Site B').subject).toBe('Stockyard notification');
  });
});
