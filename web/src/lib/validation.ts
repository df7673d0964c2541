import type { z } from 'zod';
import { i18n } from '../i18n/i18n';
import { localMessage } from '../i18n/local-message';

/**
 * Parses a form's payload with the contract's schema of it: the data, or every problem at once in the
 * app's language, one line each (a field with two problems says its first).
 */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): { data: z.output<S> } | { problem: string } {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { data: parsed.data };
  const byField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    if (!byField.has(field)) byField.set(field, localMessage(issue.message));
  }
  return { problem: byField.size > 0 ? [...new Set(byField.values())].join('\n') : i18n.t('common.checkForm') };
}
