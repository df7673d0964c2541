import type { LoginResponse, SignInOptions } from '@stockyard/contract';
import { apiFetch } from '../../../lib/api';

/** Whether the company's identity provider signs people in here, and its name for the button. */
export function signInOptions(): Promise<SignInOptions> {
  return apiFetch<SignInOptions>('/api/auth/sign-in-options', { auth: false });
}

/** Exchanges the one-time ticket the provider's return brought for the sign-in: the same answer as a password's. */
export function finishProviderSignIn(ticket: string): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/api/auth/oidc/finish', { method: 'POST', body: { ticket }, auth: false });
}
