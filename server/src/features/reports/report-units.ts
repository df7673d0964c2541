import Big from 'big.js';
import type { ReportLine } from './reports.presenter';

/** The quantity columns of a report line, each shown in the unit asked for. */
const QUANTITIES = [
  'opening',
  'closing',
  'purchases',
  'transfers',
  'transferred_in',
  'transferred_out',
  'returned_to_supplier',
  'issued',
  'returned',
  'damaged',
  'adjusted',
] as const;

/**
 * A report line in another of its material's units: each quantity divided by the unit's factor, to 3
 * decimals (exact whenever the factor divides it, as a pallet of 40 divides 80 bags).
 */
export function lineInUnit(line: ReportLine, unit: { name: string; factor: string }): ReportLine {
  const converted = { ...line, unit: unit.name };
  for (const column of QUANTITIES) converted[column] = new Big(line[column]).div(unit.factor).round(3).toString();
  return converted;
}
