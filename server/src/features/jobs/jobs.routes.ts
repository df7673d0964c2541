import {
  CostCodeCreateRequestSchema,
  CostCodeImportRequestSchema,
  CostCodeImportResponseSchema,
  CostCodeListResponseSchema,
  CostCodeResponseSchema,
  JobCostQuerySchema,
  JobCostResponseSchema,
  JobCreateRequestSchema,
  JobListQuerySchema,
  JobListResponseSchema,
  JobResponseSchema,
  JobUpdateRequestSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { ByIdParamsSchema, errorResponses, fileResponses, printedTextsOf, sendFile } from '../../lib/http';
import { tablePdfStream } from '../../lib/pdf/pdf-threads';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { userNameOf } from '../users/users.service';
import { importCostCodes } from './cost-code-import';
import { jobCostCsv, jobCostFileName, jobCostPdf } from './job-cost-files';
import { createCostCode, createJob, jobCost, listCostCodes, listJobs, updateJob } from './jobs.service';

const tags = ['jobs'];

const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: authorize('jobs:read') };
  const manage = { onRequest: authorize('jobs:manage') };

  app.get(
    '/api/jobs',
    { ...read, schema: { tags, querystring: JobListQuerySchema, response: { 200: JobListResponseSchema, ...errorResponses } } },
    async (request) => ({ jobs: await listJobs(app.db, authOf(request), request.query) }),
  );

  app.post(
    '/api/jobs',
    { ...manage, schema: { tags, body: JobCreateRequestSchema, response: { 201: JobResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await createJob(app.db, authOf(request), request.body, requestKeyOf(request))),
  );

  app.put(
    '/api/jobs/:id',
    {
      ...manage,
      schema: { tags, params: ByIdParamsSchema, body: JobUpdateRequestSchema, response: { 200: JobResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendAnswer(reply, await updateJob(app.db, authOf(request), request.params.id, request.body, requestKeyOf(request))),
  );

  app.get(
    '/api/jobs/:id/cost',
    {
      onRequest: authorize('costs:read'),
      schema: {
        tags,
        params: ByIdParamsSchema,
        querystring: JobCostQuerySchema,
        response: { 200: JobCostResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const settings = { timeZone: app.timeZone, currency: app.currency };
      return app.reads(auth.userId, (db) => jobCost(db, auth, request.params.id, request.query, settings));
    },
  );

  for (const format of ['pdf', 'csv'] as const) {
    app.get(
      `/api/jobs/:id/cost/${format}`,
      {
        onRequest: authorize('costs:read'),
        schema: { tags, params: ByIdParamsSchema, querystring: JobCostQuerySchema, response: fileResponses(format) },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const settings = { timeZone: app.timeZone, currency: app.currency };
        const cost = await app.reads(auth.userId, (db) => jobCost(db, auth, request.params.id, request.query, settings));
        const name = jobCostFileName(cost, format);
        if (format === 'csv') return sendFile(reply, { name, type: 'text/csv; charset=utf-8', body: jobCostCsv(cost) });
        const generated = { at: new Date(), by: await userNameOf(app.db, auth.userId), timeZone: app.timeZone };
        return sendFile(reply, {
          name,
          type: 'application/pdf',
          body: tablePdfStream(jobCostPdf(cost, generated, printedTextsOf(request))),
        });
      },
    );
  }

  app.get('/api/cost-codes', { ...read, schema: { tags, response: { 200: CostCodeListResponseSchema, ...errorResponses } } }, async () => ({
    costCodes: await listCostCodes(app.db),
  }));

  app.post(
    '/api/cost-codes',
    { ...manage, schema: { tags, body: CostCodeCreateRequestSchema, response: { 201: CostCodeResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await createCostCode(app.db, authOf(request), request.body, requestKeyOf(request))),
  );

  app.post(
    '/api/cost-codes/import',
    {
      ...manage,
      bodyLimit: 2 * 1024 * 1024,
      schema: { tags, body: CostCodeImportRequestSchema, response: { 200: CostCodeImportResponseSchema, ...errorResponses } },
    },
    async (request, reply) => sendAnswer(reply, await importCostCodes(app.db, authOf(request), request.body, requestKeyOf(request))),
  );
};

export default jobsRoutes;
