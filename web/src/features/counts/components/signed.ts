/** A difference as a person reads it: "+3", "-2", "0", or nothing when there is none yet. */
export function signed(value: number | null): string {
  if (value === null) return '';
  return value > 0 ? `+${value}` : String(value);
}
