import { LoginResponseSchema, SignInOptionsSchema, SSO_NOT_SET_UP, SsoFinishRequestSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/http';
import { signInClientOf } from '../../lib/request-key';
import { finishProviderSignIn, providerSignInUrl, takeProviderAnswer } from './sso.service';

const tags = ['auth'];

/**
 * Single sign-on: the login page's button goes to /auth/oidc/start, the provider sends the person
 * back to /auth/oidc/callback, which sends them to the login page (/) with a one-time ticket (or the
 * reason it failed), and the app exchanges the ticket for the sign-in. All before anyone is signed in.
 */
const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = () => {
    if (!app.oidc) throw new AppError('not_found', SSO_NOT_SET_UP);
    return app.oidc;
  };
  const callbackOf = (request: { protocol: string; host: string }) =>
    settings().redirectUri ?? `${request.protocol}://${request.host}/auth/oidc/callback`;

  app.get('/api/auth/sign-in-options', { schema: { tags, response: { 200: SignInOptionsSchema, ...errorResponses } } }, async () => ({
    provider: app.oidc ? { name: app.oidc.name } : null,
  }));

  app.get('/auth/oidc/start', { schema: { tags, hide: true } }, async (request, reply) =>
    reply.redirect((await providerSignInUrl(app.db, settings(), callbackOf(request))) ?? '/?ssoError=failed'),
  );

  app.get('/auth/oidc/callback', { schema: { tags, hide: true } }, async (request, reply) => {
    const current = new URL(callbackOf(request));
    current.search = new URL(request.url, 'http://callback').search;
    const answer = await takeProviderAnswer(app.db, settings(), current);
    return reply.redirect('ticket' in answer ? `/?sso=${answer.ticket}` : `/?ssoError=${answer.error}`);
  });

  app.post(
    '/api/auth/oidc/finish',
    { schema: { tags, body: SsoFinishRequestSchema, response: { 200: LoginResponseSchema, ...errorResponses } } },
    async (request) => finishProviderSignIn(app.db, app.tokens, request.body.ticket, signInClientOf(request), app.requireAdminMfa),
  );
};

export default ssoRoutes;
