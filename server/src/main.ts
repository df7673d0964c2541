import { buildApp } from './app';
import { resolveJwtSecret } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { type Database, openPostgres } from './db/client';
import { startControlSocket } from './db/control-socket';
import { DataDirLockedError, lockDataDir, openDataDir, secureDataDir } from './db/data-dir';
import { migrate } from './db/migrate';
import { keepUp } from './db/upkeep';
import { ensureFirstAdmin } from './features/users/users.service';
import { watchSessionChanges } from './lib/auth/session-changes';
import { webDistDir } from './paths';

async function openDatabase(config: ReturnType<typeof loadConfig>): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl, config.databasePoolSize, config.statementTimeoutMs);
    await migrate(database);
    return { database, release: () => {} };
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    secureDataDir(config.dataDir, (message) => console.warn(message));
    const database = await openDataDir(config.dataDir, (message) => console.log(message));
    await migrate(database);
    const closeSocket = await startControlSocket(config.dataDir, database.db, (message) => console.warn(message));
    const release = () => {
      void closeSocket();
      unlock();
    };
    return { database, release };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** How long a read may wait to connect to the replica before it is sent to the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

async function main(): Promise<void> {
  // Whatever this process creates with default modes is this account's alone.
  process.umask(0o077);
  const config = loadConfig();
  const { database, release } = await openDatabase(config);
  const secret = await resolveJwtSecret(database.db, config.jwtSecret);
  const admin = await ensureFirstAdmin(database.db, config.adminEmail, config.adminPassword);
  if (admin?.generatedPassword) {
    console.log(`\nFirst admin created: ${admin.email}\nPassword (shown only this once): ${admin.generatedPassword}\n`);
  } else if (admin) {
    console.log(`First admin created: ${admin.email} (password from ADMIN_PASSWORD)`);
  }

  const replica = config.readReplica
    ? openPostgres(config.readReplica.url, config.databasePoolSize, config.statementTimeoutMs, {
        connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS,
      })
    : undefined;
  // Where each person's last write ended is noted after every write: on connections whose commits do
  // not wait for the disk, as a crash losing the last notes only sends a few reads to the primary's past.
  const positions =
    replica && config.databaseUrl ? openPostgres(config.databaseUrl, 4, config.statementTimeoutMs, { asyncCommit: true }) : undefined;
  const sessionChanges = watchSessionChanges(database);
  const app = await buildApp({
    db: database.db,
    tokens: { secret, ttlSeconds: config.tokenTtlSeconds, canCacheSessions: sessionChanges.canCacheSessions },
    webDistDir,
    logLevel: config.logLevel,
    timeZone: config.appTimezone,
    currency: config.currency,
    corsOrigins: config.corsOrigins,
    validateResponses: false,
    trustProxy: process.env.TRUST_PROXY === 'true',
    requireAdminMfa: config.requireAdminMfa,
    offlineMaxAgeDays: config.offlineMaxAgeDays,
    reportConcurrency: config.reportConcurrency,
    apiTokenRequestsPerMinute: config.apiTokenRequestsPerMinute,
    mail: config.smtpUrl ? { smtpUrl: config.smtpUrl, from: config.mailFrom } : undefined,
    webhooks: { send: true, retryBaseMs: config.webhookRetryBaseMs, allowPrivate: config.webhookAllowPrivate },
    serviceDueCheckMs: 3_600_000,
    expiryCheckMs: 3_600_000,
    partitionCheckMs: 3_600_000,
    oidc: config.oidc,
    metricsToken: config.metricsToken,
    filesDir: config.filesDir,
    poolStats: database.poolStats,
    readReplica:
      replica && positions && config.readReplica
        ? { db: replica.db, positions: positions.db, maxLagMs: config.readReplica.maxLagMs }
        : undefined,
  });

  const stopUpkeep = keepUp(database, (error) => app.log.warn({ err: error }, 'The embedded database could not be analyzed or vacuumed'));

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received, shutting down`);
    // HTTP first, so no request is cut off mid-transaction; then the database.
    await app.close().catch((error) => app.log.error(error));
    await sessionChanges.close();
    stopUpkeep();
    await database.close().catch((error) => app.log.error(error));
    await replica?.close().catch((error) => app.log.error(error));
    await positions?.close().catch((error) => app.log.error(error));
    release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`Stockyard is running on http://localhost:${config.port} (${address}), data: ${where}`);
}

main().catch((error) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Stockyard could not start:', error);
  }
  process.exit(1);
});
