import { describe, expect, it } from 'vitest';
import { loadConfig, parseDuration } from './config';

describe('configuration', () => {
  it('parses durations', () => {
    expect(parseDuration('12h')).toBe(43_200);
    expect(parseDuration('30m')).toBe(1_800);
    expect(parseDuration('90')).toBe(90);
    expect(() => parseDuration('soon')).toThrow(/Invalid duration/);
  });

  it('has the defaults the README names', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.tokenTtlSeconds).toBe(12 * 3600);
    expect(config.appTimezone).toBe('UTC');
    expect(config.currency).toBe('USD');
    expect(loadConfig({ CURRENCY: 'inr' }).currency).toBe('INR');
    expect(() => loadConfig({ CURRENCY: 'XYZ' })).toThrow(/Invalid CURRENCY "XYZ" \(use an ISO 4217 code/);
    expect(() => loadConfig({ CURRENCY: '€' })).toThrow(/Invalid CURRENCY/);
    expect(config.statementTimeoutMs).toBe(30_000);
    expect(loadConfig({ STATEMENT_TIMEOUT: '2m' }).statementTimeoutMs).toBe(120_000);
    expect(config.requireAdminMfa).toBe(true);
    expect(loadConfig({ REQUIRE_ADMIN_MFA: 'false' }).requireAdminMfa).toBe(false);
    expect(() => loadConfig({ REQUIRE_ADMIN_MFA: 'no' })).toThrow(/Invalid REQUIRE_ADMIN_MFA "no" \(use true or false\)/);
    expect(config.filesDir).toBeUndefined();
    expect(loadConfig({ FILES_DIR: 'proof' }).filesDir).toMatch(/\/proof$/);
  });

  it('refuses at start a JWT_SECRET shorter than 32 bytes or of a few repeated characters, a TOKEN_TTL of none, and an ADMIN_PASSWORD that breaks the password rule', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x' })).toThrow(/JWT_SECRET must be at least 32 bytes/);
    expect(() => loadConfig({ JWT_SECRET: 'k'.repeat(64) })).toThrow(/JWT_SECRET must use at least 8 different characters/);
    const secret = 'mK3pQ9xT7vR2wL5nB8cF1hJ4dG6sA0zY';
    expect(loadConfig({ JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(() => loadConfig({ TOKEN_TTL: '0' })).toThrow(/Invalid TOKEN_TTL "0"/);
    expect(() => loadConfig({ TOKEN_TTL: '400d' })).toThrow(/Invalid TOKEN_TTL "400d"/);
    expect(loadConfig({ TOKEN_TTL: '8h' }).tokenTtlSeconds).toBe(28_800);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'a' })).toThrow(
      /ADMIN_PASSWORD is not a usable password: Password must be at least 8 characters/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: '          ' })).toThrow(/cannot be only spaces/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password123' })).toThrow(/one of the most common/);
    expect(loadConfig({ ADMIN_PASSWORD: 'long enough pass' }).adminPassword).toBe('long enough pass');
  });

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid PORT/);
  });

  it('mails notifications only with an smtp:// or smtps:// SMTP_URL', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://user:secret@mail.example.com:587', MAIL_FROM: 'Site <site@example.com>' })).toMatchObject({
      smtpUrl: 'smtp://user:secret@mail.example.com:587',
      mailFrom: 'Site <site@example.com>',
    });
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/Invalid SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/must start with smtp:\/\/ or smtps:\/\//);
  });

  it('builds one store report at a time unless REPORT_CONCURRENCY says more', () => {
    expect(loadConfig({}).reportConcurrency).toBe(1);
    expect(loadConfig({ REPORT_CONCURRENCY: '3' }).reportConcurrency).toBe(3);
    expect(() => loadConfig({ REPORT_CONCURRENCY: '0' })).toThrow(/Invalid REPORT_CONCURRENCY "0"/);
  });

  it('keeps 10 connections a database server unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/Invalid DATABASE_POOL_SIZE "0"/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/Invalid DATABASE_POOL_SIZE "many"/);
  });

  it('reads from a replica only as a replica of DATABASE_URL, at most 10 s behind unless READ_MAX_LAG says otherwise', () => {
    const primary = { DATABASE_URL: 'postgres://db-1/stockyard', READ_DATABASE_URL: 'postgres://db-2/stockyard' };
    expect(loadConfig({}).readReplica).toBeUndefined();
    expect(loadConfig(primary).readReplica).toEqual({ url: 'postgres://db-2/stockyard', maxLagMs: 10_000 });
    expect(loadConfig({ ...primary, READ_MAX_LAG: '3s' }).readReplica?.maxLagMs).toBe(3_000);
    expect(() => loadConfig({ READ_DATABASE_URL: primary.READ_DATABASE_URL })).toThrow(/set DATABASE_URL as well/);
    expect(() => loadConfig({ ...primary, READ_MAX_LAG: '0' })).toThrow(/Invalid READ_MAX_LAG "0"/);
    expect(() => loadConfig({ ...primary, READ_MAX_LAG: 'soon' })).toThrow(/Invalid duration "soon"/);
  });

  it('retries webhooks after 10 s unless told otherwise, and sends them to public addresses only unless allowed', () => {
    expect(loadConfig({})).toMatchObject({ webhookRetryBaseMs: 10_000, webhookAllowPrivate: false });
    expect(loadConfig({ WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_ALLOW_PRIVATE: 'true' })).toMatchObject({
      webhookRetryBaseMs: 50,
      webhookAllowPrivate: true,
    });
    expect(() => loadConfig({ WEBHOOK_RETRY_BASE_MS: 'soon' })).toThrow(/Invalid WEBHOOK_RETRY_BASE_MS/);
  });

  it('signs in through an identity provider only with its issuer, client id and secret together', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    const oidc = { OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'stockyard', OIDC_CLIENT_SECRET: 's3cret' };
    expect(loadConfig(oidc).oidc).toEqual({
      issuer: 'https://login.example.com',
      clientId: 'stockyard',
      clientSecret: 's3cret',
      name: 'your company account',
      redirectUri: undefined,
      createsUsers: false,
      rolesClaim: undefined,
      adminValues: [],
      keeperValues: [],
      trustsProviderMfa: false,
      isOnly: false,
    });
    expect(
      loadConfig({
        ...oidc,
        OIDC_ISSUER: 'https://login.example.com/realms/site',
        OIDC_NAME: 'Acme',
        OIDC_CREATE_USERS: 'store-user',
        OIDC_ROLES_CLAIM: 'groups',
        OIDC_ADMIN_VALUES: 'it-admins, site-office',
        OIDC_KEEPER_VALUES: 'keepers',
        OIDC_TRUST_MFA: 'true',
        OIDC_ONLY: 'true',
      }).oidc,
    ).toMatchObject({
      issuer: 'https://login.example.com/realms/site',
      name: 'Acme',
      createsUsers: true,
      rolesClaim: 'groups',
      adminValues: ['it-admins', 'site-office'],
      keeperValues: ['keepers'],
      trustsProviderMfa: true,
      isOnly: true,
    });
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(/needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET as well/);
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'not a url' })).toThrow(/Invalid OIDC_ISSUER/);
    expect(() => loadConfig({ ...oidc, OIDC_CREATE_USERS: 'admin' })).toThrow(/Invalid OIDC_CREATE_USERS/);
  });
});
