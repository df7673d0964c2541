import { currentLanguage } from '../i18n/i18n';
import { dateTimeFormat, listFormat, numberFormat } from './intl-formats';

export { ddmmyyyy, numberOrZero, textOrNA } from '@stockyard/contract/cells';

/** YYYY-MM-DD of an ISO timestamp, as the admin tables show dates. */
export function isoDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toISOString().slice(0, 10);
}

/** Case-insensitive substring match of any of the fields. */
export function matchesSearch(search: string, ...fields: (string | null | undefined)[]): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || fields.some((field) => field?.toLowerCase().includes(needle));
}

/** DD/MM/YYYY HH:MM of an ISO timestamp, in the phone's own time. */
export function dayAndTime(iso: string): string {
  const date = new Date(iso);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()} ${timeOfDay(iso)}`;
}

/** HH:MM of an ISO timestamp, in the phone's own time ("Stock as of 10:42"). */
export function timeOfDay(iso: string): string {
  return new Date(iso).toTimeString().slice(0, 5);
}

/** When a kept list was fetched: its time if that was today on this phone, else its day and time ("as of 02/11/2026 09:12"). */
export function keptTime(iso: string, now = new Date()): string {
  return new Date(iso).toDateString() === now.toDateString() ? timeOfDay(iso) : dayAndTime(iso);
}

/** A number as the app's language writes it (1,234 in English, 1.234 in Spanish, 1,00,000 in Hindi). */
export function localNumber(value: number): string {
  return numberFormat(currentLanguage()).format(value);
}

/** Quantities side by side as the app's language lists them ("40 bag, 6 m3"). */
export function localList(parts: string[]): string {
  return listFormat(currentLanguage(), { style: 'short', type: 'unit' }).format(parts);
}

/**
 * A day as the app's language writes it, where a screen fixes no format. A calendar day ("2026-11-30")
 * is that day wherever the phone is; an instant is the day it fell on for the phone.
 */
export function localDate(value: string | Date): string {
  const isCalendarDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return dateTimeFormat(currentLanguage(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(isCalendarDay ? { timeZone: 'UTC' } : {}),
  }).format(new Date(value));
}

/** Today on the phone's own calendar, YYYY-MM-DD: the day a keeper records something on. */
export function phoneToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
