import { Name, SQL, StringChunk } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

export type StatementText = { sql: string; params: unknown[] };

/**
 * A statement's text and parameters exactly as the dialect writes them. A statement made only of
 * text, nested statements, identifiers and plain values (what the ledger's statement is made of) is
 * written in one pass here; drizzle's own writer checks every piece against each kind of query part
 * it knows, which cost a sixth of the server's time per movement. Anything else (columns, tables,
 * `sql.param`, lists, inlined parameters) is left to the dialect.
 */
export function statementText(query: SQL, dialect: PgDialect): StatementText {
  const params: unknown[] = [];
  const parts: string[] = [];
  const write = (chunks: unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) {
        for (const text of chunk.value) parts.push(text);
      } else if (chunk instanceof SQL) {
        if (inlinesParams(chunk) || !write(chunk.queryChunks)) return false;
      } else if (chunk instanceof Name) {
        parts.push(dialect.escapeName(chunk.value));
      } else if (chunk === undefined) {
        // An omitted value writes nothing, as in drizzle.
      } else if (isPlainValue(chunk)) {
        params.push(chunk);
        parts.push(dialect.escapeParam(params.length - 1));
      } else {
        return false;
      }
    }
    return true;
  };
  if (!write([query])) return dialect.sqlToQuery(query);
  return { sql: parts.join(''), params };
}

/** A statement marked to write its values into its text (`.inlineParams()`), which drizzle's types keep private. */
function inlinesParams(query: SQL): boolean {
  return (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;
}

function isPlainValue(value: unknown): boolean {
  return value === null || value instanceof Date || (typeof value !== 'object' && typeof value !== 'function');
}
