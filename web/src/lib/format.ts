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

/** DD/MM/YYYY of an ISO date or timestamp, as inventory dates and report PDFs show them. */
export function ddmmyyyy(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : 'N/A';
}

/** docs/SPEC.md's N/A for empty text. */
export function textOrNA(value: string | null | undefined): string {
  return value?.trim() ? value : 'N/A';
}

/** docs/SPEC.md's 0 for a missing number. */
export function numberOrZero(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
