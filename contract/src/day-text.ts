/**
 * A day as people type it: day first, as the app writes dates ("31/10/2026", also with "." or "-"
 * between, or "31102026" from a phone's number pad), or as ISO ("2026-10-31", pasted or from a file).
 * Answers YYYY-MM-DD, or null when the text is not one real day.
 */
export function parseDay(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const dayFirst = /^(\d{1,2})[./\- ](\d{1,2})[./\- ](\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]].map(Number)
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1]].map(Number)
      : [Number.NaN, Number.NaN, Number.NaN];
  if (year === undefined || month === undefined || day === undefined || Number.isNaN(year)) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM-DD as the app writes a day: DD/MM/YYYY ('' stays ''). */
export function dayText(iso: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : '';
}
