import { describe, expect, it } from 'vitest';
import { dayAndTime, keptTime } from './format';

describe('keptTime', () => {
  const now = new Date(2026, 10, 28, 15, 30);

  it('gives only the time of a list kept earlier today', () => {
    expect(keptTime(new Date(2026, 10, 28, 9, 12).toISOString(), now)).toBe('09:12');
  });

  it('gives the day as well of a list kept on another day', () => {
    expect(keptTime(new Date(2026, 10, 27, 23, 58).toISOString(), now)).toBe('27/11/2026 23:58');
  });
});

describe('dayAndTime', () => {
  it('writes the day and the time both in the phone’s own time', () => {
    expect(dayAndTime(new Date(2026, 0, 1, 0, 5).toISOString())).toBe('01/01/2026 00:05');
  });
});
