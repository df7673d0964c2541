import { resolve } from 'node:path';
import { newPasswordSchema } from '@stockyard/contract';
import { isValidTimeZone } from './lib/calendar';
import { assertUncommonPassword } from './lib/passwords';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  appTimezone: string;
  /** CURRENCY: the company's one currency (ISO 4217), in which every value is kept and shown. */
  currency: string;
  logLevel: string;
  webDistDir?: string;
  corsOrigins: string[];
  /** How long one database statement may run on PostgreSQL before it is cancelled (STATEMENT_TIMEOUT). */
  statementTimeoutMs: number;
  /** Connections each process keeps to the primary (and as many to the replica). */
  databasePoolSize: number;
  /** REQUIRE_ADMIN_MFA: admins set up a second factor before their first session. */
  requireAdminMfa: boolean;
  /** OFFLINE_MAX_AGE_DAYS: how many days back a keeper may date what they record. */
  offlineMaxAgeDays: number;
  /** REPORT_CONCURRENCY: how many store reports one process builds at once. */
  reportConcurrency: number;
  /** API_TOKEN_RATE_LIMIT: requests a minute one API token may make to one process. */
  apiTokenRequestsPerMinute: number;
  /** SMTP_URL: where notification emails go; none are sent when unset. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of notification emails. */
  mailFrom: string;
  /** WEBHOOK_RETRY_BASE_MS: the wait before a failed webhook delivery's first retry. */
  webhookRetryBaseMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may go to loopback and private addresses (tests, a closed network). */
  webhookAllowPrivate: boolean;
  /** OIDC_*: single sign-on through the company's identity provider, when its issuer and client are set. */
  oidc?: OidcSettings;
  /** METRICS_TOKEN: when set, GET /metrics asks for it as a bearer token. */
  metricsToken?: string;
  /** READ_DATABASE_URL and READ_MAX_LAG: a streaming replica of DATABASE_URL for heavy reads, and how far behind it may be. */
  readReplica?: { url: string; maxLagMs: number };
  /** FILES_DIR: uploaded files are kept on disk there (readable by this user alone) instead of in the database. */
  filesDir?: string;
};

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_NAME: the provider's name on the login page's button. */
  name: string;
  /** OIDC_REDIRECT_URI: the callback registered with the provider; by default this server's /auth/oidc/callback as the browser reached it. */
  redirectUri?: string;
  /** OIDC_CREATE_USERS=store-user: a verified email Stockyard does not know becomes a store user with no store. */
  createsUsers: boolean;
  /** OIDC_ROLES_CLAIM, OIDC_ADMIN_VALUES, OIDC_KEEPER_VALUES: the claim whose values make an admin or a keeper (else a store user). */
  rolesClaim?: string;
  adminValues: string[];
  keeperValues: string[];
  /** OIDC_TRUST_MFA: a second factor the provider checked (`amr`) counts as Stockyard's second step. */
  trustsProviderMfa: boolean;
  /** OIDC_ONLY: a person who signed in through the provider once can no longer sign in with a password. */
  isOnly: boolean;
};

function parseFlag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ConfigError(`Invalid ${name} "${value}" (use true or false)`);
}

/** Whether admins must set up a second factor when REQUIRE_ADMIN_MFA is not set. */
export const REQUIRE_ADMIN_MFA_DEFAULT = true;
/** The wait before a failed webhook delivery is tried again (10 s); each further retry waits twice as long. */
export const WEBHOOK_RETRY_BASE_MS_DEFAULT = 10_000;

/** Requests a minute one API token may make to one process when API_TOKEN_RATE_LIMIT is not set. */
export const API_TOKEN_RATE_LIMIT_DEFAULT = 600;

/** Connections one process keeps to each PostgreSQL server when DATABASE_POOL_SIZE is not set. */
export const DATABASE_POOL_SIZE_DEFAULT = 10;

/** How many days back a keeper may date a movement or delivery when OFFLINE_MAX_AGE_DAYS is not set. */
export const OFFLINE_MAX_AGE_DAYS_DEFAULT = 30;

function parseDays(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const days = Number(value);
  if (!/^\d+$/.test(value) || days < 1 || days > 3650)
    throw new ConfigError(`Invalid ${name} "${value}" (use a whole number of days from 1 to 3650)`);
  return days;
}

/** Parses a duration such as `12h`, `30m`, `90s` or a bare number of seconds. */
export function parseDuration(value: string): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) throw new ConfigError(`Invalid duration "${value}" (use e.g. 12h, 30m, 3600)`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

function parsePort(value: string | undefined): number {
  const port = Number(value ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`Invalid PORT "${value}"`);
  return port;
}

/** A setting that cannot be used: start-up stops with its message alone. */
export class ConfigError extends Error {}

/** A key shorter than HMAC-SHA256's output can be guessed faster than the tokens it signs. */
export const JWT_SECRET_MIN_BYTES = 32;

/** A key made of fewer different characters than this is a placeholder, not a secret. */
const JWT_SECRET_MIN_DISTINCT = 8;

function parseJwtSecret(value: string | undefined): string | undefined {
  if (value && Buffer.byteLength(value, 'utf8') < JWT_SECRET_MIN_BYTES) {
    throw new ConfigError(
      `JWT_SECRET must be at least ${JWT_SECRET_MIN_BYTES} bytes (or leave it unset: a key is generated and kept in the database)`,
    );
  }
  if (value && new Set(value).size < JWT_SECRET_MIN_DISTINCT) {
    throw new ConfigError(
      `JWT_SECRET must use at least ${JWT_SECRET_MIN_DISTINCT} different characters: make one with \`openssl rand -base64 48\` (or leave it unset)`,
    );
  }
  return value || undefined;
}

/** How long a session lasts: at least a minute, at most 30 days. */
function parseTokenTtl(value: string | undefined): number {
  const seconds = parseDuration(value || '12h');
  if (seconds < 60 || seconds > 30 * 86_400) throw new ConfigError(`Invalid TOKEN_TTL "${value}" (use from 1m to 30d, e.g. 12h)`);
  return seconds;
}

function parseAdminPassword(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const checked = newPasswordSchema.safeParse(value);
  if (!checked.success) throw new ConfigError(`ADMIN_PASSWORD is not a usable password: ${checked.error.issues[0]?.message}`);
  try {
    assertUncommonPassword(value);
  } catch (error) {
    throw new ConfigError(`ADMIN_PASSWORD is not a usable password: ${(error as Error).message}`);
  }
  return value;
}

function parseTimeZone(value: string): string {
  if (!isValidTimeZone(value)) throw new ConfigError(`Invalid APP_TIMEZONE "${value}" (use an IANA name such as Europe/Paris)`);
  return value;
}

function parseCurrency(value: string): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) {
    throw new ConfigError(`Invalid CURRENCY "${value}" (use an ISO 4217 code such as USD, EUR or INR)`);
  }
  return code;
}

function parseCount(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!/^\d+$/.test(value) || count < 1 || count > max)
    throw new ConfigError(`Invalid ${name} "${value}" (use a whole number from 1 to ${max})`);
  return count;
}

function parseSmtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('Invalid SMTP_URL (use e.g. smtp://user:password@mail.example.com:587)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError('Invalid SMTP_URL: it must start with smtp:// or smtps://');
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: parseAdminPassword(env.ADMIN_PASSWORD),
    jwtSecret: parseJwtSecret(env.JWT_SECRET),
    tokenTtlSeconds: parseTokenTtl(env.TOKEN_TTL),
    appTimezone: parseTimeZone(env.APP_TIMEZONE || 'UTC'),
    currency: parseCurrency(env.CURRENCY || 'USD'),
    logLevel: env.LOG_LEVEL || 'info',
    statementTimeoutMs: parseDuration(env.STATEMENT_TIMEOUT || '30s') * 1000,
    databasePoolSize: parseCount('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, DATABASE_POOL_SIZE_DEFAULT, 100),
    requireAdminMfa: parseFlag('REQUIRE_ADMIN_MFA', env.REQUIRE_ADMIN_MFA, REQUIRE_ADMIN_MFA_DEFAULT),
    offlineMaxAgeDays: parseDays('OFFLINE_MAX_AGE_DAYS', env.OFFLINE_MAX_AGE_DAYS, OFFLINE_MAX_AGE_DAYS_DEFAULT),
    reportConcurrency: parseCount('REPORT_CONCURRENCY', env.REPORT_CONCURRENCY, 1, 16),
    apiTokenRequestsPerMinute: parseCount('API_TOKEN_RATE_LIMIT', env.API_TOKEN_RATE_LIMIT, API_TOKEN_RATE_LIMIT_DEFAULT, 100_000),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Stockyard <stockyard@localhost>',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    webhookRetryBaseMs: parseCount('WEBHOOK_RETRY_BASE_MS', env.WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_BASE_MS_DEFAULT, 3_600_000),
    webhookAllowPrivate: parseFlag('WEBHOOK_ALLOW_PRIVATE', env.WEBHOOK_ALLOW_PRIVATE, false),
    oidc: parseOidc(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    readReplica: parseReadReplica(env),
    filesDir: env.FILES_DIR ? resolve(env.FILES_DIR) : undefined,
  };
}

function parseReadReplica(env: NodeJS.ProcessEnv): Config['readReplica'] {
  if (!env.READ_DATABASE_URL) return undefined;
  if (!env.DATABASE_URL) throw new ConfigError('READ_DATABASE_URL is a replica of DATABASE_URL: set DATABASE_URL as well');
  const maxLagSeconds = parseDuration(env.READ_MAX_LAG || '10s');
  if (maxLagSeconds < 1) throw new ConfigError(`Invalid READ_MAX_LAG "${env.READ_MAX_LAG}" (use at least 1s)`);
  return { url: env.READ_DATABASE_URL, maxLagMs: maxLagSeconds * 1000 };
}

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function parseOidc(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  const parts = { OIDC_ISSUER: env.OIDC_ISSUER, OIDC_CLIENT_ID: env.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET };
  const missing = Object.entries(parts).filter(([, value]) => !value);
  if (missing.length === 3) return undefined;
  if (missing.length > 0) throw new ConfigError(`Single sign-on needs ${missing.map(([name]) => name).join(' and ')} as well`);
  let issuer: URL;
  try {
    issuer = new URL(env.OIDC_ISSUER as string);
  } catch {
    throw new ConfigError("Invalid OIDC_ISSUER (use the provider's issuer URL, e.g. https://login.example.com/realms/site)");
  }
  if (env.OIDC_CREATE_USERS && env.OIDC_CREATE_USERS !== 'store-user') {
    throw new ConfigError('Invalid OIDC_CREATE_USERS (use store-user, or leave it unset to refuse people Stockyard does not know)');
  }
  return {
    issuer: issuer.href === `${issuer.origin}/` ? issuer.origin : issuer.href,
    clientId: env.OIDC_CLIENT_ID as string,
    clientSecret: env.OIDC_CLIENT_SECRET as string,
    name: env.OIDC_NAME || 'your company account',
    redirectUri: env.OIDC_REDIRECT_URI || undefined,
    createsUsers: env.OIDC_CREATE_USERS === 'store-user',
    rolesClaim: env.OIDC_ROLES_CLAIM || undefined,
    adminValues: listOf(env.OIDC_ADMIN_VALUES),
    keeperValues: listOf(env.OIDC_KEEPER_VALUES),
    trustsProviderMfa: parseFlag('OIDC_TRUST_MFA', env.OIDC_TRUST_MFA, false),
    isOnly: parseFlag('OIDC_ONLY', env.OIDC_ONLY, false),
  };
}
