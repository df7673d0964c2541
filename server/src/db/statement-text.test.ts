import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { stores } from './schema';
import { statementText } from './statement-text';

const dialect = new PgDialect();
/** What a driver is sent: drizzle's answer also lists each parameter's typing, which the drivers here never read. */
/** A dialect that refuses to write: a statement written with it never went to drizzle's writer. */
const onePassOnly = Object.assign(new PgDialect(), {
  sqlToQuery: () => {
    throw new Error('left to drizzle');
  },
});
const sent = ({ sql: text, params }: { sql: string; params: unknown[] }) => ({ sql: text, params });

/** A statement as deep and varied as the ledger's: nested parts, identifiers, joins and every plain value. */
function nested(depth: number, seed: number): SQL {
  if (depth === 0) return sql`${seed}::int + ${`text ${seed}`} ${seed % 2 === 0 ? null : true}`;
  return sql`with part_${sql.raw(String(depth))} as (select ${sql.identifier(`col "${depth}"`)} from ${sql.identifier('materials')}
    where x = ${new Date(Date.UTC(2026, 0, depth))} and y in (${sql.join([nested(depth - 1, seed + 1), sql`${depth}`], sql`, `)})
    ${depth % 2 === 0 ? sql`and z = ${10n ** BigInt(depth)}` : sql``}${undefined})`;
}

describe('a statement written in one pass', () => {
  it('has the text and parameters drizzle writes, for statements of text, identifiers and plain values', () => {
    for (let depth = 0; depth <= 6; depth += 1) {
      const query = nested(depth, depth * 7);
      expect(sent(statementText(query, onePassOnly))).toEqual(sent(dialect.sqlToQuery(query)));
    }
    const empty = sql`select 1${sql``}`;
    expect(sent(statementText(empty, onePassOnly))).toEqual(sent(dialect.sqlToQuery(empty)));
  });

  it('leaves to drizzle a statement with columns, lists, typed parameters or inlined values, and writes them as it does', () => {
    const withColumn = sql`select ${stores.name} from ${stores} where ${stores.id} = ${'a'}`;
    const withList = sql`select 1 where x in ${[1, 2, 3]}`;
    const withParam = sql`select ${sql.param(5)} + ${nested(1, 1)}`;
    const inlined = sql`select ${"it's"}`.inlineParams();
    const inlinedInside = sql`select ${1}, ${sql`${'x'}`.inlineParams()}`;
    for (const query of [withColumn, withList, withParam, inlined, inlinedInside]) {
      expect(() => statementText(query, onePassOnly)).toThrow('left to drizzle');
      expect(sent(statementText(query, dialect))).toEqual(sent(dialect.sqlToQuery(query)));
    }
  });
});
