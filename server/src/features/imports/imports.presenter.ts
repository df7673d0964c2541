import {
  IMPORT_PREVIEW_PROBLEMS_MAX,
  IMPORT_PREVIEW_ROWS,
  type ImportKind,
  type ImportPreview,
  type ImportProblem,
  type ImportRow,
  importRowProblem,
  importTotalQuantity,
  importTotalsByUnit,
  UNKNOWN_USER,
} from '@stockyard/contract';
import { describeMessage } from '@stockyard/contract/message-codes';
import type { EarlierImport } from './imports.repository';

/** A problem with its message's code and parts, so a screen says it in its own language. */
function presentProblem(problem: ImportProblem): ImportProblem {
  return { ...problem, ...describeMessage(problem.message) };
}

export type ExaminedFile = {
  headers: string[];
  mapping: ImportPreview['mapping'];
  rows: ImportRow[];
  problems: ImportProblem[];
  rowCount: number;
};

/** The rows' quantities per unit, and in one figure when they share a unit. */
export function unitTotals(rows: ImportRow[]) {
  const totalsByUnit = importTotalsByUnit(rows);
  return { totalQuantity: importTotalQuantity(totalsByUnit), totalsByUnit };
}

/** What an import of a file would record, its first rows and problems, and what stands in its way. */
export function presentPreview(
  kind: ImportKind,
  store: ImportPreview['store'],
  found: ExaminedFile,
  earlier: EarlierImport | undefined,
): ImportPreview {
  return {
    kind,
    store,
    headers: found.headers,
    mapping: found.mapping,
    rowCount: found.rowCount,
    problemCount: found.problems.length,
    problems: found.problems.slice(0, IMPORT_PREVIEW_PROBLEMS_MAX).map(presentProblem),
    rows: found.rows.slice(0, IMPORT_PREVIEW_ROWS),
    ...unitTotals(found.rows),
    alreadyImported: earlier ? { at: new Date(earlier.created_at).toISOString(), by: earlier.actor_name ?? UNKNOWN_USER } : null,
    canImport: found.problems.length === 0 && found.rows.length > 0 && !earlier,
  };
}

/** The problems of a refused import as the refusal's issues: where each is, and what it is. */
export function problemIssues(problems: ImportProblem[]) {
  return problems.slice(0, IMPORT_PREVIEW_PROBLEMS_MAX).map((problem) => ({
    path: problem.row === null ? (problem.field ?? 'file') : `row ${problem.row}${problem.field ? `.${problem.field}` : ''}`,
    message: problem.row === null ? problem.message : importRowProblem(problem.row, problem.message),
  }));
}
