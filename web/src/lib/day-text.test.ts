import { describe, expect, it } from 'vitest';
import { dayText, parseDay } from './day-text';

describe('a typed day', () => {
  it('reads the day first, as the app writes dates, with any usual separator or none', () => {
    expect(parseDay('31/10/2026')).toBe('2026-10-31');
    expect(parseDay(' 1/2/2026 ')).toBe('2026-02-01');
    expect(parseDay('31.10.2026')).toBe('2026-10-31');
    expect(parseDay('31-10-2026')).toBe('2026-10-31');
    expect(parseDay('31102026')).toBe('2026-10-31');
  });

  it('reads an ISO day too, as pasted from a file', () => {
    expect(parseDay('2026-10-31')).toBe('2026-10-31');
  });

  it('refuses what is not one real day, never guessing the month first', () => {
    expect(parseDay('10/31/2026')).toBeNull();
    expect(parseDay('29/02/2026')).toBeNull();
    expect(parseDay('31/04/2026')).toBeNull();
    expect(parseDay('31/10/26')).toBeNull();
    expect(parseDay('')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
    expect(parseDay('29/02/2028')).toBe('2028-02-29');
  });

  it('writes a day as DD/MM/YYYY', () => {
    expect(dayText('2026-10-31')).toBe('31/10/2026');
    expect(dayText('')).toBe('');
  });
});
