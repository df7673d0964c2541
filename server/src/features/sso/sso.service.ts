import { createHash, randomBytes } from 'node:crypto';
import { type LoginResponse, type Role, SSO_TICKET_ENDED, type SsoError } from '@stockyard/contract';
import type { OidcSettings } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { TokenSettings } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { SignInClient } from '../../lib/request-key';
import { runTransaction } from '../../lib/transaction';
import { signInVouchedFor } from '../auth/auth.service';
import { client, providerConfig } from './provider-client';
import {
  findPeopleByEmail,
  insertLogin,
  insertStoreUser,
  markSignedInThroughProvider,
  recordVouchedFor,
  takeLogin,
  takeTicket,
} from './sso.repository';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Where the browser goes to sign in at the provider: the authorization-code flow with PKCE, state and
 * nonce; null while the provider cannot be reached.
 */
export async function providerSignInUrl(db: Db, settings: OidcSettings, redirectUri: string): Promise<string | null> {
  const config = await providerConfig(settings).catch(() => null);
  if (!config) return null;
  const login = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
  await insertLogin(db, login);
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state: login.state,
      nonce: login.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(login.codeVerifier),
      code_challenge_method: 'S256',
      // How the person proved who they are, asked for when a second factor the provider checked counts here.
      ...(settings.trustsProviderMfa ? { claims: JSON.stringify({ id_token: { amr: null } }) } : {}),
    })
    .toString();
}

/** The role a roles claim gives, when the company maps one: admin, keeper, or else a store user. */
function roleFromClaims(settings: OidcSettings, claims: Record<string, unknown>): Role | undefined {
  if (!settings.rolesClaim) return undefined;
  const claim = claims[settings.rolesClaim];
  const values = (Array.isArray(claim) ? claim : [claim]).map(String);
  if (values.some((value) => settings.adminValues.includes(value))) return 'admin';
  if (values.some((value) => settings.keeperValues.includes(value))) return 'user';
  return 'store-user';
}

/** The person a verified email names: the live one, one made when the company lets the provider add people, or none. */
async function personFor(db: DbOrTx, settings: OidcSettings, claims: Record<string, unknown>): Promise<string | undefined> {
  const email = String(claims.email ?? '').toLowerCase();
  if (!email || claims.email_verified !== true) return undefined;
  const [person] = await findPeopleByEmail(db, email);
  if (person) return person.is_deleted ? undefined : person.id;
  if (!settings.createsUsers) return undefined;
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : email;
  return insertStoreUser(db, { name, email, passwordHash: await hashPassword(randomBytes(32).toString('base64url')) });
}

/**
 * The provider's answer, checked (state taken once, PKCE, nonce, the ID token's signature and
 * audience): a one-time ticket for the person it vouches for, or why there is none.
 */
export async function takeProviderAnswer(
  db: Db,
  settings: OidcSettings,
  currentUrl: URL,
): Promise<{ ticket: string } | { error: SsoError }> {
  const login = await takeLogin(db, currentUrl.searchParams.get('state') ?? '');
  if (!login) return { error: 'failed' };
  let claims: Record<string, unknown>;
  try {
    const config = await providerConfig(settings);
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: login.code_verifier,
      expectedNonce: login.nonce,
      expectedState: currentUrl.searchParams.get('state') ?? '',
      idTokenExpected: true,
    });
    claims = (tokens.claims() ?? {}) as Record<string, unknown>;
    // A provider that keeps the email out of the ID token answers it from its userinfo endpoint, for the same subject.
    if (claims.email === undefined) {
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))), ...claims };
    }
  } catch {
    return { error: 'failed' };
  }
  const isSecondFactorChecked = settings.trustsProviderMfa && Array.isArray(claims.amr) && claims.amr.includes('mfa');
  const ticket = randomBytes(32).toString('base64url');
  const userId = await runTransaction(db, async (tx) => {
    const found = await personFor(tx, settings, claims);
    if (!found) return undefined;
    await markSignedInThroughProvider(tx, found, roleFromClaims(settings, claims));
    await recordVouchedFor(tx, login.id, { userId: found, ticketHash: hashOf(ticket), isSecondFactorChecked });
    return found;
  });
  return userId ? { ticket } : { error: 'unknown' };
}

/** The app's exchange of its ticket: the same answer as a password sign-in (a session, or the second step). */
export async function finishProviderSignIn(
  db: Db,
  tokens: TokenSettings,
  ticket: string,
  signInClient: SignInClient,
  requireAdminMfa: boolean,
): Promise<LoginResponse> {
  const vouched = await takeTicket(db, hashOf(ticket));
  if (!vouched) throw new AppError('unauthenticated', SSO_TICKET_ENDED);
  return signInVouchedFor(db, tokens, vouched.user_id, signInClient, {
    requireAdminMfa,
    isSecondFactorChecked: vouched.is_second_factor_checked,
  });
}
