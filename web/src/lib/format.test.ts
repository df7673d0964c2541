import { describe, expect, it } from 'vitest';
import { dayAndTime, keptTime, localDate } from './format';

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

describe('localDate', () => {
  it('writes a calendar day as that day on a phone west of UTC, and an instant as the phone’s day', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(localDate('2026-11-30')).toBe('Nov 30, 2026');
      expect(localDate('2026-11-30T05:00:00.000Z')).toBe('Nov 29, 2026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
