import { type AccountSettings, JOURNAL_COLUMNS, JOURNAL_SUMMARY_COLUMNS, MOVEMENT_KIND_LABELS } from '@stockyard/contract';
import Big from 'big.js';
import { quantityOf } from '../../lib/quantities';
import type { JournalEntryRow } from './journal.repository';

export type JournalSheet = { columns: readonly string[]; rows: (string | number)[][] };

/** A signed amount as the two columns of a journal line: a debit, or a credit. */
function debitAndCredit(amount: Big): [string, string] {
  return amount.gt(0) ? [amount.toFixed(2), ''] : ['', amount.neg().toFixed(2)];
}

/** What happened, in words an accountant reads beside the line. */
function descriptionOf(entry: JournalEntryRow): string {
  if (entry.kind === null) return 'Supplier invoice approved';
  const kind = `${MOVEMENT_KIND_LABELS[entry.kind]}${entry.is_reversal ? ' (reversal)' : ''}`;
  return entry.quantity ? `${kind}: ${quantityOf(entry.quantity)} ${entry.unit} ${entry.item_name}` : `${kind}: ${entry.item_name}`;
}

/** One journal line per side of each entry, in the order found. */
export function journalLines(entries: JournalEntryRow[], accounts: AccountSettings): JournalSheet {
  return {
    columns: JOURNAL_COLUMNS,
    rows: entries.map((entry) => [
      entry.day,
      entry.store_name,
      accounts[entry.account].code,
      accounts[entry.account].name,
      ...debitAndCredit(new Big(entry.amount)),
      entry.job_code ?? '',
      entry.cost_code ?? '',
      descriptionOf(entry),
      entry.reference,
    ]),
  };
}

/** The lines summed per day, store, account, job and cost code: debits and credits apart, and how many lines each holds. */
export function journalSummary(entries: JournalEntryRow[], accounts: AccountSettings): JournalSheet {
  const groups = new Map<string, { entry: JournalEntryRow; debit: Big; credit: Big; lines: number }>();
  for (const entry of entries) {
    const key = JSON.stringify([entry.day, entry.store_name, entry.account, entry.job_code, entry.cost_code]);
    const group = groups.get(key) ?? { entry, debit: new Big(0), credit: new Big(0), lines: 0 };
    const amount = new Big(entry.amount);
    if (amount.gt(0)) group.debit = group.debit.plus(amount);
    else group.credit = group.credit.minus(amount);
    group.lines += 1;
    groups.set(key, group);
  }
  return {
    columns: JOURNAL_SUMMARY_COLUMNS,
    rows: [...groups.values()].map(({ entry, debit, credit, lines }) => [
      entry.day,
      entry.store_name,
      accounts[entry.account].code,
      accounts[entry.account].name,
      debit.gt(0) ? debit.toFixed(2) : '',
      credit.gt(0) ? credit.toFixed(2) : '',
      entry.job_code ?? '',
      entry.cost_code ?? '',
      lines,
    ]),
  };
}
