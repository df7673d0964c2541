import type { z } from 'zod';

/** Parses a form's payload with the contract's schema of it: the data, or the first problem's message. */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): { data: z.output<S> } | { problem: string } {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { data: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? 'Please check the form.' };
}
