// Starts the built app on a fresh data folder for one end-to-end run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'stockyard-e2e-'));
process.env.PORT = process.env.E2E_PORT ?? '3199';
process.env.HOST = '127.0.0.1';
process.env.ADMIN_EMAIL = 'admin@example.com';
process.env.ADMIN_PASSWORD = 'e2e-admin-password';
process.env.LOG_LEVEL = 'warn';
await import('../scripts/start.mjs');
