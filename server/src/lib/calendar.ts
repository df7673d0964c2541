import { type SQL, sql } from 'drizzle-orm';

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
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

/**
 * The business time of something that happened on a calendar day: now for today, midday of that
 * day in the time zone for an earlier day (so it falls inside that day for any report).
 */
export function occurredOn(day: string, timeZone: string): SQL {
  if (day === todayIn(timeZone)) return sql`now()`;
  return sql`((${day}::date + time '12:00') at time zone ${timeZone})`;
}
