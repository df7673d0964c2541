/** How a list, a sheet and a PDF write a value; nothing here imports a schema, so any screen may use it. */

/** DD/MM/YYYY of an ISO date or timestamp, as inventory dates and report PDFs show them. */
export function ddmmyyyy(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : 'N/A';
}

/** N/A stands for empty text. */
export function textOrNA(value: string | null | undefined): string {
  return value?.trim() ? value : 'N/A';
}

/** 0 stands for a missing number. */
export function numberOrZero(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
