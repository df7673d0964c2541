import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type TestAccount = { email: string; email_verified: boolean; name: string; groups?: string[] };

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with one confidential client. Its sign-in step
 * is this helper's: it signs in whichever account `signInAs` names (with `amr` as given), and grants
 * the client what it asks for, so a test drives the whole authorization-code flow over HTTP.
 */
export async function startOidcProvider(redirectUri: string) {
  const accounts = new Map<string, TestAccount>();
  let next: { accountId: string; amr: string[] } = { accountId: '', amr: ['pwd'] };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = { client_id: 'stockyard', client_secret: 'a-client-secret-for-the-test-provider' };
  const provider = new Provider(issuer, {
    clients: [{ ...client, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    // amr is sent only when a client asks for it (the claims parameter), as many providers do.
    claims: { openid: ['sub'], amr: null, email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
    },
    features: { devInteractions: { enabled: false }, claimsParameter: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  const callback = provider.callback();
  server.on('request', async (request: IncomingMessage, response: ServerResponse) => {
    if (!request.url?.startsWith('/interaction/')) return callback(request, response);
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name === 'login') {
      return provider.interactionFinished(request, response, { login: next }, { mergeWithLastSubmission: false });
    }
    const grant = new provider.Grant({ accountId: details.session?.accountId as string, clientId: client.client_id });
    grant.addOIDCScope(String(details.params.scope));
    return provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  });
  return {
    issuer,
    client,
    addAccount(id: string, account: TestAccount) {
      accounts.set(id, account);
    },
    /** Who the next sign-in at the provider is, and how they proved it. */
    signInAs(accountId: string, amr: string[] = ['pwd']) {
      next = { accountId, amr };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Follows a browser's redirects across the provider with its cookies, until a redirect leaves it; that address. */
export async function followToApp(start: string, issuer: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.origin !== new URL(issuer).origin) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} at ${url}: ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}
