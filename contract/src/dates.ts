/** DD/MM/YYYY of an ISO date or timestamp, as inventory dates and report PDFs show them. */
export function ddmmyyyy(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : 'N/A';
}
