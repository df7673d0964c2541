import {
  ApiTokenCreateRequestSchema,
  ApiTokenCreateResponseSchema,
  ApiTokenListResponseSchema,
  MessageResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { ByIdParamsSchema, errorResponses } from '../../lib/http';
import { requestKeyOf, sendAnswer, signInClientOf } from '../../lib/request-key';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens.service';

const tags = ['tokens'];
// Only the person signed in manages their tokens: a token itself is refused here (lib/auth/policy.ts).
const own = { onRequest: authorize('account:tokens') };

/** Personal API tokens: a script signs in with one as a bearer token (docs/DEPLOYMENT.md). */
const tokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/tokens',
    { ...own, schema: { tags, body: ApiTokenCreateRequestSchema, response: { 201: ApiTokenCreateResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createApiToken(app.db, authOf(request).userId, request.body, signInClientOf(request), requestKeyOf(request))),
  );

  app.get('/api/tokens', { ...own, schema: { tags, response: { 200: ApiTokenListResponseSchema, ...errorResponses } } }, async (request) =>
    listApiTokens(app.db, authOf(request).userId),
  );

  app.delete(
    '/api/tokens/:id',
    { ...own, schema: { tags, params: ByIdParamsSchema, response: { 200: MessageResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      sendAnswer(reply, await revokeApiToken(app.db, authOf(request).userId, request.params.id, requestKeyOf(request))),
  );
};

export default tokensRoutes;
