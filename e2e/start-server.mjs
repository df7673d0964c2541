// Starts the built app on a fresh data folder for one end-to-end run; with E2E_BIG_STORE=1 the
// folder is first filled by the benchmark seed: a keeper's store of 10,000 materials.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'stockyard-e2e-'));
process.env.PORT = process.env.E2E_PORT ?? '3199';
process.env.HOST = '127.0.0.1';
process.env.ADMIN_EMAIL = 'admin@example.com';
process.env.ADMIN_PASSWORD = 'e2e-admin-password';
process.env.LOG_LEVEL = 'warn';
// The seeded server's admin sets up two-step sign-in (admin-mfa.spec.ts); the other's signs in by password.
process.env.REQUIRE_ADMIN_MFA = process.env.E2E_BIG_STORE === '1' ? 'true' : 'false';
if (process.env.E2E_BIG_STORE === '1') {
  const seed = spawnSync(
    'node',
    [
      '--import',
      'tsx',
      'bench/src/seed-cli.ts',
      '--data-dir',
      process.env.DATA_DIR,
      '--stores',
      '3',
      '--materials',
      '10000',
      '--materials-per-store',
      '10',
      '--tools',
      '30',
      '--movements',
      '30000',
      '--days',
      '40',
    ],
    { cwd: join(import.meta.dirname, '..'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (seed.status !== 0) process.exit(seed.status ?? 1);
}
await import('../scripts/start.mjs');
