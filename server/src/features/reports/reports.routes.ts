import { KeeperReportQuerySchema, KeeperReportResponseSchema, ReportRowSchema, StoreReportQuerySchema } from '@stockyard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses, fileResponses, printedTextsOf, sendFile } from '../../lib/http';
import { closePdfThreads, tablePdfStream } from '../../lib/pdf/pdf-threads';
import { type ReportAudience, reportCsv, reportFileName, reportPdf, type StoreReport } from './report-files';
import {
  createReportSource,
  keeperReportFile,
  type ReportSource,
  reportForKeeper,
  reportForStore,
  storeReportFile,
} from './reports.service';

const tags = ['reports'];
const FORMATS = ['pdf', 'csv'] as const;

/** The report as a file download: the PDF drawn on a PDF thread, the CSV written as it goes. */
function sendReportFile(
  request: FastifyRequest,
  reply: FastifyReply,
  report: StoreReport,
  audience: ReportAudience,
  format: (typeof FORMATS)[number],
) {
  const name = reportFileName(report, audience, format);
  if (format === 'pdf') {
    return sendFile(reply, { name, type: 'application/pdf', body: tablePdfStream(reportPdf(report, audience, printedTextsOf(request))) });
  }
  return sendFile(reply, { name, type: 'text/csv; charset=utf-8', body: reportCsv(report) });
}

/** An answer already written as JSON (a kept report's): sent as it is, not serialized again. */
function sendJson(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}

const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', closePdfThreads);
  const source = createReportSource(app.db, app.reportConcurrency);
  const settings = { timeZone: app.timeZone, currency: app.currency };
  /** A report is read from the replica when it may serve the asker (see read-routing.ts). */
  const read = <T>(request: FastifyRequest, work: (source: ReportSource) => Promise<T>) =>
    app.reads(authOf(request).userId, (db) => work({ ...source, db }));

  app.get(
    '/api/report/generate-report',
    {
      onRequest: authorize('reports:any-store'),
      schema: { tags, querystring: StoreReportQuerySchema, response: { 200: z.array(ReportRowSchema), ...errorResponses } },
    },
    async (request, reply) => sendJson(reply, await read(request, (from) => reportForStore(from, request.query, app.timeZone))),
  );

  app.get(
    '/api/user/report',
    {
      onRequest: authorize('reports:own-store'),
      schema: { tags, querystring: KeeperReportQuerySchema, response: { 200: KeeperReportResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendJson(reply, await read(request, (from) => reportForKeeper(from, authOf(request), request.query, app.timeZone))),
  );

  for (const format of FORMATS) {
    app.get(
      `/api/report/generate-report/${format}`,
      { onRequest: authorize('reports:any-store'), schema: { tags, querystring: StoreReportQuerySchema, response: fileResponses(format) } },
      async (request, reply) =>
        sendReportFile(
          request,
          reply,
          await read(request, (from) => storeReportFile(from, authOf(request), request.query, settings)),
          'admin',
          format,
        ),
    );
    app.get(
      `/api/user/report/${format}`,
      {
        onRequest: authorize('reports:own-store'),
        schema: { tags, querystring: KeeperReportQuerySchema, response: fileResponses(format) },
      },
      async (request, reply) =>
        sendReportFile(
          request,
          reply,
          await read(request, (from) => keeperReportFile(from, authOf(request), request.query, settings)),
          'keeper',
          format,
        ),
    );
  }
};

export default reportsRoutes;
