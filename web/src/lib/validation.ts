import { useState } from 'react';
import type { z } from 'zod';
import { i18n } from '../i18n/i18n';
import { localMessage } from '../i18n/local-message';
import type { NoticeValue } from './notice';

/** Each field's first problem, by its path (`name`, `lines.0.quantity`), in the app's language. */
export type FieldProblems = ReadonlyMap<string, string>;

/**
 * Parses a form's payload with the contract's schema of it: the data, or every problem at once in the
 * app's language, one line each (a field with two problems says its first), and by field.
 */
export function parsePayload<S extends z.ZodType>(
  schema: S,
  payload: unknown,
): { data: z.output<S> } | { problem: string; fields: FieldProblems } {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { data: parsed.data };
  const fields = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    if (!fields.has(field)) fields.set(field, localMessage(issue.message));
  }
  return { problem: fields.size > 0 ? [...new Set(fields.values())].join('\n') : i18n.t('common.checkForm'), fields };
}

/**
 * A form's check with the contract's schema: each problem of a field the form shows goes under that
 * field (its input's `error`), and the summary above the form names the others, or asks to look below.
 */
export function usePayloadCheck<S extends z.ZodType>(schema: S, shownFields: readonly string[]) {
  const [problems, setProblems] = useState<FieldProblems>(new Map());
  const elsewhere = [...problems].filter(([field]) => !shownFields.includes(field)).map(([, message]) => message);
  const summary: NoticeValue =
    problems.size === 0
      ? null
      : { ok: false, text: elsewhere.length > 0 ? [...new Set(elsewhere)].join('\n') : i18n.t('common.checkForm') };
  return {
    /** The payload's data, or null when it has problems (kept until the next check or `clear`). */
    check(payload: unknown): z.output<S> | null {
      const parsed = parsePayload(schema, payload);
      setProblems('fields' in parsed ? parsed.fields : new Map());
      return 'data' in parsed ? parsed.data : null;
    },
    /** The problem of a field the form shows, for its input's `error`. */
    errorOf: (field: string) => (shownFields.includes(field) ? problems.get(field) : undefined),
    summary,
    clear: () => setProblems(new Map()),
  };
}
