import { describe, expect, it } from 'vitest';
import { MESSAGE_TEMPLATES, partsOfMessage } from './message-templates';

/** Sample parts of each kind, and how a message writes them. */
const SAMPLES = {
  text: [
    ['Cement (42.5) bag*', 'Cement (42.5) bag*'],
    ['Site store B', 'Site store B'],
    ['Drill', 'Drill'],
  ],
  number: [
    [1, '1'],
    [1234, '1,234'],
    [7, '7'],
  ],
  day: [
    ['2026-03-05', '05/03/2026'],
    ['2026-11-30', '30/11/2026'],
  ],
} as const;

describe('messages made with names or numbers', () => {
  for (const [code, template] of Object.entries(MESSAGE_TEMPLATES)) {
    it(`${code}: its code and parts are found in the message, with a number of 1 and of more`, () => {
      for (const pick of [0, 1]) {
        const parts = template.parts.map(
          (part, index) => SAMPLES[part][(index + pick) % SAMPLES[part].length] as readonly [unknown, string],
        );
        const message = (template.build as (...parts: unknown[]) => string)(...parts.map(([value]) => value));
        const found = partsOfMessage(message);
        expect(found?.code, message).toBe(code);
        // A number is given back as the message writes it, without the thousands separator only where it has none.
        expect(found?.params.map((param) => param.replace(/,/g, ''))).toEqual(parts.map(([, shown]) => shown.replace(/,/g, '')));
      }
    });
  }

  it('leaves other messages alone', () => {
    expect(partsOfMessage('Not enough stock available')).toBeUndefined();
    expect(partsOfMessage('Anything else at all')).toBeUndefined();
  });
});
