import { z } from 'zod';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from './limits';

export { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX };

// In the browser zod must not compile parsers with `new Function`: the Content-Security-Policy
// forbids eval. Every schema module imports this one first, so this runs before any schema is built.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Limits both sides enforce. */
export const NAME_MAX = 200;
export const TEXT_MAX = 1000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Sign-in still takes the longer passwords earlier rules allowed. */
export const SIGN_IN_PASSWORD_MAX = 256;
export const PASSWORD_ONLY_SPACES = 'Password cannot be only spaces';

export const ROLES = ['admin', 'user', 'store-user', 'manager'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Roles an admin may give a new account, with their labels. */
export const ASSIGNABLE_ROLES = [
  { value: 'user', label: 'Store Keeper' },
  { value: 'store-user', label: 'User' },
] as const;

export const IdSchema = z.uuid({ message: 'Invalid id' });

/**
 * Characters that show nothing or turn the text's direction: a name made of them, or hiding them
 * ("Cement\u200b" beside "Cement", a right-to-left override), would pass for another. The joiners
 * U+200C and U+200D are allowed: Indic scripts and emoji need them.
 */
const HIDDEN_CHARACTERS = /[\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

export function hiddenCharactersMessage(label: string): string {
  return `${label} cannot contain invisible or text-direction characters`;
}

// The messages of the field checks, each naming its field: one wording for the checks, and for the
// screens that find a message's field and say it in their own language (message-templates.ts).
export const fieldRequired = (label: string) => `${label} is required`;
export const fieldTooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;
export const fieldNotText = (label: string) => `${label} must be text`;
export const fieldWholeNumber = (label: string) => `${label} must be a whole number`;
export const fieldNotNumber = (label: string) => `${label} must be a number`;
export const fieldNegative = (label: string) => `${label} cannot be negative`;
export const fieldAtLeast = (label: string, min: number) => `${label} must be at least ${min}`;
/** Numbers in English messages, grouped by thousands; one formatter, since making one per message is slow. */
export const englishNumber = new Intl.NumberFormat('en').format;
export const fieldAtMost = (label: string, max: number) => `${label} must be at most ${englishNumber(max)}`;
export const fieldTooLarge = (label: string) => `${label} is too large`;

/** A required text field: trimmed, in Unicode's composed form (NFC), not empty, length-capped, no hidden characters. */
export function requiredText(label: string, max = NAME_MAX) {
  return z.string({ message: fieldRequired(label) }).check(
    z.trim(),
    z.normalize('NFC'),
    z.minLength(1, fieldRequired(label)),
    z.maxLength(max, fieldTooLong(label, max)),
    z.refine((text: string) => !HIDDEN_CHARACTERS.test(text), hiddenCharactersMessage(label)),
  );
}

export function optionalText(label: string, max = TEXT_MAX) {
  return z
    .string({ message: fieldNotText(label) })
    .check(
      z.trim(),
      z.normalize('NFC'),
      z.maxLength(max, fieldTooLong(label, max)),
      z.refine((text: string) => !HIDDEN_CHARACTERS.test(text), hiddenCharactersMessage(label)),
    )
    .optional()
    .default('');
}

export const ErrorResponseSchema = z.object({
  message: z.string(),
  /** A stable name of the message (the contract constant that holds it), for a screen to show it in its own language. */
  code: z.string().optional(),
  /** The names and numbers of a message made with them, in order, for the screen's own sentence (`{p0}`, `{p1}`…). */
  params: z.array(z.string()).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** `limit` and `offset` of every list endpoint: every list is paged, with its total in `X-Total-Count`. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).optional().default(LIST_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).optional().default(0),
});
export type PageQuery = z.output<typeof PageQuerySchema>;

/** `q`, `limit`, `offset` of every searchable list endpoint. */
export const ListQuerySchema = PageQuerySchema.extend({ q: z.string().trim().max(NAME_MAX).optional() });
export type ListQuery = z.output<typeof ListQuerySchema>;

/** A store as other resources name it: a populated `storeId`. */
export const StoreRefSchema = z.object({ _id: z.string(), name: z.string() });
