/** Today's date (YYYY-MM-DD) in a time zone, or the date of another instant there. */
export function todayIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Whether a name is a time zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** "dd/mm/yyyy hh:mm" of an instant in a time zone, as printed reports say when they were made. */
export function dateTimeIn(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The calendar day `days` after (or, negative, before) a YYYY-MM-DD day. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "YYYY-MM-DD hh:mm" of an instant in a time zone: how an exported list writes a time, sorted as text and read by any spreadsheet. */
export function sheetTimeIn(at: string | Date, timeZone: string): string {
  const date = new Date(at);
  return `${todayIn(timeZone, date)} ${dateTimeIn(date, timeZone).slice(11)}`;
}
