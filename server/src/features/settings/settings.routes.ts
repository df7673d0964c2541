import { SettingsResponseSchema, SettingsUpdateRequestSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/auth/authorize';
import { errorResponses } from '../../lib/http';
import { companySettings } from './settings.service';

const tags = ['settings'];

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings',
    { onRequest: authorize('settings:read'), schema: { tags, response: { 200: SettingsResponseSchema, ...errorResponses } } },
    async () => ({ settings: companySettings(app) }),
  );

  app.put(
    '/api/settings',
    {
      onRequest: authorize('settings:manage'),
      schema: { tags, body: SettingsUpdateRequestSchema, response: { 200: SettingsResponseSchema, ...errorResponses } },
    },
    async () => ({ settings: companySettings(app) }),
  );
};

export default settingsRoutes;
