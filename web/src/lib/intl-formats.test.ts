import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { localNumber } from './format';
import { dateTimeFormat, listFormat, numberFormat } from './intl-formats';

describe('Intl formatters kept once made', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('gives the same formatter for the same language and options, and another for others', () => {
    expect(numberFormat('en')).toBe(numberFormat('en'));
    expect(numberFormat('en', { style: 'percent' })).toBe(numberFormat('en', { style: 'percent' }));
    expect(numberFormat('en', { style: 'percent' })).not.toBe(numberFormat('en'));
    expect(numberFormat('es')).not.toBe(numberFormat('en'));
    expect(dateTimeFormat('en', { dateStyle: 'short' })).toBe(dateTimeFormat('en', { dateStyle: 'short' }));
    expect(listFormat('fr')).toBe(listFormat('fr'));
  });

  it('writes numbers in the language chosen after a formatter was kept', async () => {
    expect(localNumber(1234.5)).toBe('1,234.5');
    await i18n.changeLanguage('es');
    expect(localNumber(1234.5)).toBe('1234,5');
    expect(localNumber(12345.5)).toBe('12.345,5');
  });

  it('writes an instant in the zone the phone is in now, not the one it was in when a formatter was kept', () => {
    const zone = process.env.TZ;
    const options = { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' } as const;
    const instant = new Date('2026-11-30T05:00:00.000Z');
    try {
      process.env.TZ = 'UTC';
      expect(dateTimeFormat('en-GB', options).format(instant)).toBe('30/11/2026, 05:00');
      process.env.TZ = 'Asia/Kolkata';
      expect(dateTimeFormat('en-GB', options).format(instant)).toBe('30/11/2026, 10:30');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
