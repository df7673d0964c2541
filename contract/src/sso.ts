import { z } from 'zod';

// Single sign-on through the company's identity provider (OpenID Connect).

/** How people may sign in here: the provider's button when one is set up. */
export const SignInOptionsSchema = z.object({ provider: z.object({ name: z.string() }).nullable() });
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;

/** The one-time ticket the provider's return hands the app, exchanged for the sign-in. */
export const SsoFinishRequestSchema = z.object({ ticket: z.string({ message: 'ticket is required' }).min(16).max(200) });

export const SIGN_IN_WITH_PROVIDER = 'Sign in with your company account: password sign-in is switched off for you.';
export const SSO_TICKET_ENDED = 'This sign-in has ended. Please sign in again.';
export const SSO_NOT_SET_UP = 'Single sign-on is not set up on this server.';

/** Why a return from the provider signed nobody in, as the login page's `ssoError`. */
export const SSO_ERRORS = ['unknown', 'failed'] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
