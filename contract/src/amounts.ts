// Exact arithmetic on amounts written as decimal strings; nothing here imports a schema, so a report
// screen may add its totals without zod.

/** "412.5000" → "412.5", "7.00" → "7", "0100" → "100". */
export function withoutTrailingZeros(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = fraction.replace(/0+$/, '');
  const integer = whole.replace(/^0+(?=\d)/, '');
  return digits ? `${integer}.${digits}` : integer;
}

const MONEY_TEXT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** An amount of 2 decimals as a whole number of cents, exactly. */
function centsOf(amount: string): bigint {
  const match = MONEY_TEXT.exec(amount.trim());
  if (!match) throw new Error(`not an amount: ${amount}`);
  const cents = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** A whole number of cents as an amount with 2 decimals. */
function amountOf(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const size = cents < 0n ? -cents : cents;
  return `${sign}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}

/** Below this a running total of whole cents is held exactly in a number (an integer, never a fraction). */
const EXACT_CENTS = 2 ** 53;

/**
 * An amount's whole cents as a number, when it is written plainly and small enough for a number to
 * hold them exactly ("12.5" → 1250); null otherwise (the amount is then read as a BigInt).
 */
function smallCentsOf(amount: string): number | null {
  if (amount.length > 15 || !MONEY_TEXT.test(amount)) return null;
  const point = amount.indexOf('.');
  const decimals = point < 0 ? 0 : amount.length - point - 1;
  const cents = Number(amount.replace('.', '')) * 10 ** (2 - decimals);
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * The exact sum of amounts with 2 decimals ("12.50" + "-2.25" → "10.25"). Whole cents are added as
 * integers, in a number while the total stays far inside what a number holds exactly, else as a
 * BigInt: a report's totals add 40,000 amounts without a pause.
 */
export function sumMoney(amounts: readonly string[]): string {
  let big = 0n;
  let small = 0;
  for (const amount of amounts) {
    const cents = smallCentsOf(amount);
    if (cents === null) {
      big += centsOf(amount);
      continue;
    }
    // Flushed before the running total could leave the integers a number holds exactly.
    if (Math.abs(small) + Math.abs(cents) >= EXACT_CENTS) {
      big += BigInt(small);
      small = 0;
    }
    small += cents;
  }
  return amountOf(big + BigInt(small));
}

/** The exact difference of two amounts with 2 decimals. */
export function subtractMoney(from: string, amount: string): string {
  return amountOf(centsOf(from) - centsOf(amount));
}
