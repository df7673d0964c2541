import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { ROUTE_NOT_FOUND } from '@stockyard/contract';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { API_TOKEN_RATE_LIMIT_DEFAULT, OFFLINE_MAX_AGE_DAYS_DEFAULT, type OidcSettings } from './config';
import type { Db, PoolStats } from './db/client';
import { addMovementPartitions } from './db/movement-partitions';
import auditRoutes from './features/audit/audit.routes';
import authRoutes from './features/auth/auth.routes';
import exceptionsRoutes from './features/exceptions/exceptions.routes';
import expiryRoutes from './features/expiry/expiry.routes';
import { startExpiryCheck } from './features/expiry/expiry-check';
import filesRoutes from './features/files/files.routes';
import jobsRoutes from './features/jobs/jobs.routes';
import journalRoutes from './features/journal/journal.routes';
import purchaseOrdersRoutes from './features/purchase-orders/purchase-orders.routes';
import settingsRoutes from './features/settings/settings.routes';
import ssoRoutes from './features/sso/sso.routes';
import supplierInvoicesRoutes from './features/supplier-invoices/supplier-invoices.routes';
import suppliersRoutes from './features/suppliers/suppliers.routes';
import { startServiceDueCheck } from './features/tool-units/service-due-check';
import toolUnitsRoutes from './features/tool-units/tool-units.routes';
import valuationRoutes from './features/valuation/valuation.routes';
import { startWebhookSender, type WebhookSettings } from './features/webhooks/webhook-sender';
import webhooksRoutes from './features/webhooks/webhooks.routes';
import { ApiTokenLimiter } from './lib/auth/api-token-limit';
import type { TokenSettings } from './lib/auth/sessions';
import { runEvery } from './lib/every';
import { API_REFERENCE_PATH, API_TAGS, registerApiReference } from './lib/openapi/api-reference';
import './lib/fastify-context';
import countsRoutes from './features/counts/counts.routes';
import custodyRoutes from './features/custody/custody.routes';
import dashboardRoutes from './features/dashboard/dashboard.routes';
import deliveriesRoutes from './features/deliveries/deliveries.routes';
import healthRoutes from './features/health/health.routes';
import importsRoutes from './features/imports/imports.routes';
import labelsRoutes from './features/labels/labels.routes';
import materialsRoutes from './features/materials/materials.routes';
import stockRoutes from './features/materials/stock.routes';
import metricsRoutes from './features/metrics/metrics.routes';
import { recordMetrics } from './features/metrics/metrics.service';
import movementsRoutes from './features/movements/movements.routes';
import { startOrderMail } from './features/purchase-orders/order-mail';
import { startNotificationMail } from './features/replenishment/notification-mail';
import replenishmentRoutes from './features/replenishment/replenishment.routes';
import reportsRoutes from './features/reports/reports.routes';
import sessionsRoutes from './features/sessions/sessions.routes';
import storesRoutes from './features/stores/stores.routes';
import syncRoutes from './features/sync/sync.routes';
import tokensRoutes from './features/tokens/tokens.routes';
import toolsRoutes from './features/tools/tools.routes';
import transfersRoutes from './features/transfers/transfers.routes';
import usersRoutes from './features/users/users.routes';
import { registerErrorHandler } from './lib/error-handler';
import { answerClientError, answerUnroutable } from './lib/framework-answers';
import type { MailSettings } from './lib/mail/mail-loop';
import { type ReadReplicaOptions, routeReads } from './lib/read-routing';
import { requestIdOf, sendRequestId } from './lib/request-id';
import { registerSecurityHeaders } from './lib/security-headers';
import { createSerializerCompiler } from './lib/serializer';

export type AppOptions = {
  db: Db;
  tokens: TokenSettings;
  /** Folder of the built web app; when set and present, it is served with a fallback to index.html. */
  webDistDir?: string;
  logLevel?: string;
  timeZone?: string;
  /** CURRENCY (USD when unset). */
  currency?: string;
  /** Origins allowed to call the API from other sites (CORS); none by default. */
  corsOrigins?: string[];
  /**
   * Also check every answer against its zod response schema (tests do). Both ways the answer is
   * written through the response schema (lib/serializer.ts); the check costs more than the rest of
   * a list request, so the running app leaves it out.
   */
  validateResponses?: boolean;
  /** Set behind a proxy so request.ip is the client's address (rate limits count per client). */
  trustProxy?: boolean;
  /** REQUIRE_ADMIN_MFA (the server's default is true; unset here means false, as tests and tools want). */
  requireAdminMfa?: boolean;
  /** OFFLINE_MAX_AGE_DAYS: how many days back a keeper may date a delivery (30 when unset). */
  offlineMaxAgeDays?: number;
  /** REPORT_CONCURRENCY: how many store reports are built at once (1 when unset); the rest wait. */
  reportConcurrency?: number;
  /** API_TOKEN_RATE_LIMIT: requests a minute per API token (600 when unset). */
  apiTokenRequestsPerMinute?: number;
  /** SMTP_URL and MAIL_FROM: when set, each notification is also emailed (after commit, retried). */
  mail?: MailSettings;
  /**
   * Webhook delivery: `allowPrivate` (WEBHOOK_ALLOW_PRIVATE) lets webhooks name private addresses;
   * with `send`, this process also sends what the outbox holds (the server does; most tests do not).
   */
  webhooks?: WebhookSettings & { send: boolean };
  /** How often this process checks for units coming due for service (the server: hourly; unset: never). */
  serviceDueCheckMs?: number;
  /** How often this process tells keepers of batches that are expiring or expired (the server: hourly; unset: never). */
  expiryCheckMs?: number;
  /** How often the ledger's partitions of the coming months are made where missing; never when unset. */
  partitionCheckMs?: number;
  /** OIDC_*: single sign-on through the company's identity provider. */
  oidc?: OidcSettings;
  /** METRICS_TOKEN: when set, GET /metrics answers only a scraper that sends it as a bearer token. */
  metricsToken?: string;
  /** READ_DATABASE_URL and READ_MAX_LAG: a streaming replica for heavy reads. */
  readReplica?: ReadReplicaOptions;
  /** FILES_DIR: uploaded files are kept on disk there instead of in the database. */
  filesDir?: string;
  /** The PostgreSQL pool's connections, for the metrics (PGlite has no pool). */
  poolStats?: PoolStats;
  /** Called with each route as it is registered: the tests walk the whole route table with it. */
  onRoute?: (route: RouteOptions) => void;
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'silent' },
    // One line per request only when asked for (LOG_LEVEL=debug); errors are always logged.
    logController: new LogController({
      disableRequestLogging: options.logLevel !== 'debug' && options.logLevel !== 'trace',
      requestIdLogLabel: 'requestId',
    }),
    bodyLimit: 1_048_576,
    trustProxy: options.trustProxy ?? false,
    // Each request's log lines and its answer's X-Request-Id name it alike, as the load balancer may have.
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // What the router or Node's HTTP parser refuses answers in the API's shape and with its headers.
    frameworkErrors: answerUnroutable as never,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ checkAnswers: options.validateResponses !== false }));
  app.decorate('db', options.db);
  app.decorate('tokens', options.tokens);
  app.decorate('timeZone', options.timeZone ?? 'UTC');
  app.decorate('currency', options.currency ?? 'USD');
  app.decorate('requireAdminMfa', options.requireAdminMfa ?? false);
  app.decorate('mailsSuppliers', Boolean(options.mail));
  app.decorate('offlineMaxAgeDays', options.offlineMaxAgeDays ?? OFFLINE_MAX_AGE_DAYS_DEFAULT);
  app.decorate('reportConcurrency', options.reportConcurrency ?? 1);
  app.decorate('apiTokenLimiter', new ApiTokenLimiter(options.apiTokenRequestsPerMinute ?? API_TOKEN_RATE_LIMIT_DEFAULT));
  app.decorate('webhookAllowPrivate', options.webhooks?.allowPrivate ?? false);
  app.decorate('oidc', options.oidc);
  app.decorateRequest('auth', null);
  app.decorateRequest('mfaSetupUserId', null);

  // Bodies are JSON in UTF-8 and nothing else: any other type or charset answers 415.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body (a logout sends none) reads as no body rather than an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const charset = /charset=([^;]+)/i
      .exec(request.headers['content-type'] ?? '')?.[1]
      ?.trim()
      .replace(/"/g, '')
      .toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      return done(Object.assign(new Error('Send the request body as JSON in UTF-8.'), { statusCode: 415 }), undefined);
    }
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text, rejectPrototypeKeys));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
    }
  });

  sendRequestId(app);
  const replicaReads = routeReads(app, options.db, options.readReplica);
  const writeMetrics = recordMetrics(app, { poolStats: options.poolStats, replicaReads });
  registerSecurityHeaders(
    app,
    {
      // Sent below only when the client reached us over HTTPS: over plain HTTP it means nothing, and
      // would pin browsers to HTTPS on a host that may not serve it.
      hsts: false,
      contentSecurityPolicy: {
        // WebAssembly may be compiled (the label scanner's decoder), never JavaScript from text.
        directives: {
          'script-src': ["'self'", "'wasm-unsafe-eval'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'upgrade-insecure-requests': null,
        },
      },
    },
    (request) => isApiPath(request.url) && !request.url.startsWith(API_REFERENCE_PATH),
  );
  // A list page is tens of kilobytes of JSON and a big store's report megabytes: on a phone's weak
  // connection the bytes cost far more than compressing them (brotli at a quality made for answers
  // built per request). Answers up to 64 KB are compressed in one call (~80 µs for a page of 50) and
  // sent with their length; through a zlib stream the same page cost the server 40 % of its list
  // throughput. Bigger ones (reports) stream, compressed off the main thread. The web build's files
  // are served from their own .br/.gz copies.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    syncThreshold: 65_536,
  });
  if (options.corsOrigins?.length) {
    await app.register(cors, { origin: options.corsOrigins, credentials: false, exposedHeaders: ['X-Total-Count'] });
  }
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Stockyard API',
        version: '1.0.0',
        description:
          'Every call the Stockyard app makes. Sign in with `POST /api/auth/login`, or send a personal API token (`POST /api/tokens`) as `Authorization: Bearer …`.',
      },
      tags: API_TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  registerErrorHandler(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // API answers carry tokens, user lists and stock: no cache may keep them.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(ssoRoutes);
  await app.register(usersRoutes);
  await app.register(storesRoutes);
  await app.register(materialsRoutes);
  await app.register(stockRoutes);
  await app.register(toolsRoutes);
  await app.register(deliveriesRoutes, { filesDir: options.filesDir });
  await app.register(movementsRoutes);
  await app.register(countsRoutes);
  await app.register(custodyRoutes, { filesDir: options.filesDir });
  await app.register(replenishmentRoutes);
  await app.register(transfersRoutes, { filesDir: options.filesDir });
  await app.register(syncRoutes);
  await app.register(labelsRoutes);
  await app.register(reportsRoutes);
  await app.register(dashboardRoutes);
  await app.register(sessionsRoutes);
  await app.register(tokensRoutes);
  await app.register(importsRoutes);
  await app.register(auditRoutes);
  await app.register(exceptionsRoutes);
  await app.register(settingsRoutes);
  await app.register(valuationRoutes);
  await app.register(jobsRoutes);
  await app.register(suppliersRoutes);
  await app.register(purchaseOrdersRoutes);
  await app.register(supplierInvoicesRoutes);
  await app.register(webhooksRoutes);
  await app.register(journalRoutes);
  await app.register(toolUnitsRoutes);
  await app.register(expiryRoutes);
  await app.register(filesRoutes, { dir: options.filesDir });
  await app.register(metricsRoutes, { token: options.metricsToken, writeMetrics });

  await registerApiReference(app);

  const hasWeb = Boolean(options.webDistDir && existsSync(join(options.webDistDir, 'index.html')));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDistDir as string,
      wildcard: false,
      index: 'index.html',
      // The build writes .br and .gz copies; file names under /assets/ change with their content.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        const isHashed = path.includes(`${sep}assets${sep}`);
        response.setHeader('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  registerNotFound(app, hasWeb);
  const mail = options.mail;
  if (mail) {
    whileListening(app, () => {
      const stops = [
        startNotificationMail(options.db, mail, app.log),
        startOrderMail(options.db, mail, app.log, { currency: app.currency, timeZone: app.timeZone }),
      ];
      return async () => {
        await Promise.all(stops.map((stop) => stop()));
      };
    });
  }
  const webhooks = options.webhooks;
  if (webhooks?.send) whileListening(app, () => startWebhookSender(options.db, webhooks, app.log));
  const partitionCheckMs = options.partitionCheckMs;
  if (partitionCheckMs) {
    whileListening(app, () =>
      runEvery(() => addMovementPartitions(options.db), partitionCheckMs, app.log, "The ledger's next partitions could not be made"),
    );
  }
  const serviceDueCheckMs = options.serviceDueCheckMs;
  if (serviceDueCheckMs) {
    whileListening(app, () => startServiceDueCheck(options.db, app.timeZone, serviceDueCheckMs, app.log));
  }
  const expiryCheckMs = options.expiryCheckMs;
  if (expiryCheckMs) whileListening(app, () => startExpiryCheck(options.db, app.timeZone, expiryCheckMs, app.log));
  return app;
}

/** Starts background work once the app is ready and stops it (waiting for a run under way) as it closes. */
function whileListening(app: FastifyInstance, start: () => () => Promise<void>): void {
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = start();
  });
  app.addHook('onClose', async () => stop?.());
}

/** Unknown API paths answer JSON; other GETs that match no file are routes of the web app. */
function registerNotFound(app: FastifyInstance, hasWeb: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (hasWeb && request.method === 'GET' && !isApiPath(path) && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: ROUTE_NOT_FOUND });
  });
}

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/auth/');
}

function rejectPrototypeKeys(key: string, value: unknown): unknown {
  // Dropped on parse, so no handler can ever see them.
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') return undefined;
  // PostgreSQL text cannot hold NUL characters, and no real input contains one.
  if (typeof value === 'string' && value.includes('\u0000')) return value.replaceAll('\u0000', '');
  return value;
}
