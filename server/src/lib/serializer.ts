import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Every answer leaves through its route's response schema, in tests and in production alike: the
 * zod schema becomes a JSON Schema compiled by fast-json-stringify, which writes the properties the
 * schema names and nothing else, so a column a presenter lets slip never reaches a client.
 * `checkAnswers` (the tests) also checks each answer against the zod schema first and throws on a
 * mismatch; the bytes sent are the same either way.
 */
export function createSerializerCompiler(options: { checkAnswers: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const serialize = fastJson(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as never);
    if (!options.checkAnswers) return serialize;
    return (data) => {
      const checked = schema.safeParse(data);
      if (!checked.success) throw new Error(`The answer of ${method} ${url} does not match its schema: ${checked.error.message}`);
      return serialize(data);
    };
  };
}
