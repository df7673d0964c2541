import type { z } from 'zod';

/** One stock movement call: its path, the contract's schema of its body, and the body for an item and a quantity. */
export type MovementCall<T> = { path: string; schema: z.ZodType; body: (item: T, quantity: number | undefined, reason: string) => unknown };

export function movementCall<T, S extends z.ZodType>(
  path: string,
  schema: S,
  body: (item: T, quantity: number | undefined, reason: string) => Partial<z.input<S>>,
): MovementCall<T> {
  return { path, schema, body };
}
