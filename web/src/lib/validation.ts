import type { z } from 'zod';
import { i18n } from '../i18n/i18n';
import { localMessage } from '../i18n/local-message';

/** Parses a form's payload with the contract's schema of it: the data, or the first problem's message in the app's language. */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): { data: z.output<S> } | { problem: string } {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { data: parsed.data };
  const message = parsed.error.issues[0]?.message;
  return { problem: message ? localMessage(message) : i18n.t('common.checkForm') };
}
