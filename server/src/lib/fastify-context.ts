import type { OidcSettings } from '../config';
import type { Db } from '../db/client';
import type { ReadWork } from '../db/read-replica';
import type { ApiTokenLimiter } from './auth/api-token-limit';
import type { TokenSettings } from './auth/sessions';

// What buildApp (app.ts) decorates the Fastify instance with; every route and hook reads these.
declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Runs a heavy read (reports, dashboards, exports) on READ_DATABASE_URL's replica when it may serve the asker, else on db. */
    reads: ReadWork;
    tokens: TokenSettings;
    /** APP_TIMEZONE: the calendar that business days and reports use. */
    timeZone: string;
    /** CURRENCY: the company's one currency. */
    currency: string;
    /** REQUIRE_ADMIN_MFA: an admin without a second factor sets one up before getting a session. */
    requireAdminMfa: boolean;
    /** Whether SMTP_URL is set: orders sent to suppliers with an email go out as PDFs. */
    mailsSuppliers: boolean;
    /** OFFLINE_MAX_AGE_DAYS: how many days back a keeper may date a delivery. */
    offlineMaxAgeDays: number;
    /** REPORT_CONCURRENCY: how many store reports one process builds at once. */
    reportConcurrency: number;
    /** API_TOKEN_RATE_LIMIT: each API token's requests a minute, counted in this process. */
    apiTokenLimiter: ApiTokenLimiter;
    /** WEBHOOK_ALLOW_PRIVATE: webhooks may be sent to loopback and private addresses. */
    webhookAllowPrivate: boolean;
    /** OIDC_*: the company's identity provider, when single sign-on is set up. */
    oidc: OidcSettings | undefined;
  }
}
