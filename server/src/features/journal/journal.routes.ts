import {
  AccountSettingsResponseSchema,
  AccountSettingsSavedResponseSchema,
  AccountSettingsSchema,
  JournalQuerySchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses, fileResponses, sendFile } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { accountSettings, journalFile, updateAccountSettings } from './journal.service';

const tags = ['journal'];

/** The journal the accountants post, and the accounts it posts to (admins). */
const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = { onRequest: authorize('journal:export') };

  app.get(
    '/api/exports/journal',
    { ...admins, schema: { tags, querystring: JournalQuerySchema, response: fileResponses('csv', 'xlsx') } },
    async (request, reply) =>
      sendFile(reply, await app.reads(authOf(request).userId, (db) => journalFile(db, request.query, app.timeZone))),
  );

  app.get(
    '/api/settings/accounts',
    { ...admins, schema: { tags, response: { 200: AccountSettingsResponseSchema, ...errorResponses } } },
    async () => accountSettings(app.db),
  );

  app.put(
    '/api/settings/accounts',
    { ...admins, schema: { tags, body: AccountSettingsSchema, response: { 200: AccountSettingsSavedResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await updateAccountSettings(app.db, authOf(request), request.body, requestKeyOf(request))),
  );
};

export default journalRoutes;
