import { SettingsResponseSchema, SettingsUpdateRequestSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { companySettings, updateSettings } from './settings.service';

const tags = ['settings'];

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings',
    { onRequest: authorize('settings:read'), schema: { tags, response: { 200: SettingsResponseSchema, ...errorResponses } } },
    async () => ({ settings: await companySettings(app.db, app) }),
  );

  app.put(
    '/api/settings',
    {
      onRequest: authorize('settings:manage'),
      schema: { tags, body: SettingsUpdateRequestSchema, response: { 200: SettingsResponseSchema, ...errorResponses } },
    },
    async (request, reply) => sendAnswer(reply, await updateSettings(app.db, authOf(request), app, request.body, requestKeyOf(request))),
  );
};

export default settingsRoutes;
