import { z } from 'zod';
import { CURRENT_PASSWORD_REQUIRED } from './auth';
import { fieldAtLeast, fieldAtMost, fieldWholeNumber, requiredText } from './common';

/** `read`: GET calls only; `full`: everything the user may do, except managing their sign-in, sessions and tokens. */
export const API_TOKEN_SCOPES = ['read', 'full'] as const;
export const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { message: 'Scope must be read or full' });
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

/** How many live tokens one person may hold. */
export const API_TOKENS_MAX = 20;
export const API_TOKEN_NAME_MAX = 100;

/** How long a token lasts unless asked otherwise, and at most. */
export const API_TOKEN_DAYS_DEFAULT = 90;
export const API_TOKEN_DAYS_MAX = 365;

/** Making a token asks for the password again (and the second factor's code when it is on): a stolen session cannot mint one. */
export const ApiTokenCreateRequestSchema = z.object({
  name: requiredText('Token name', API_TOKEN_NAME_MAX).meta({ example: 'Accounting export' }),
  scope: ApiTokenScopeSchema,
  currentPassword: z.string({ message: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED).max(1024),
  code: z.string().trim().max(32).optional(),
  expiresInDays: z
    .number({ message: fieldWholeNumber('Days') })
    .int(fieldWholeNumber('Days'))
    .min(1, fieldAtLeast('Days', 1))
    .max(API_TOKEN_DAYS_MAX, fieldAtMost('Days', API_TOKEN_DAYS_MAX))
    .default(API_TOKEN_DAYS_DEFAULT),
});
export type ApiTokenCreateRequest = z.input<typeof ApiTokenCreateRequestSchema>;

export const ApiTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  scope: ApiTokenScopeSchema,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** The only answer that carries the secret: it is stored hashed and never shown again. */
export const ApiTokenCreateResponseSchema = ApiTokenSchema.extend({
  token: z.string().meta({ example: 'sy_4Jx0m9Qe3sV1cRt8LwKzP2bNfHyA6uDg5iEoT7jWq0Y' }),
});
export type ApiTokenCreateResponse = z.infer<typeof ApiTokenCreateResponseSchema>;

export const ApiTokenListResponseSchema = z.array(ApiTokenSchema);

export const API_TOKEN_CREATED = 'API token created. Copy it now: it is not shown again.';
export const API_TOKEN_REVOKED = 'API token revoked.';
export const API_TOKEN_NOT_FOUND = 'API token not found';
export const API_TOKEN_NAME_TAKEN = 'You already have a token with this name';
export const API_TOKENS_FULL = `You can hold at most ${API_TOKENS_MAX} API tokens. Revoke one you no longer use first.`;
/** A token trying what only the person signed in may do. */
export const API_TOKEN_NOT_ALLOWED = 'API tokens cannot be used for this. Sign in to do it.';
export const API_TOKEN_READ_ONLY = 'This API token can only read.';
