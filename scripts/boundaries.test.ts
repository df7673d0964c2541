import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const configPath = join(root, '.dependency-cruiser.cjs');
const cruiser = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const ruleNames: string[] = createRequire(import.meta.url)(configPath).forbidden.map((rule: { name: string }) => rule.name);

/** A small tree laid out like the repository's: each bad file breaks one rule, each good one none. */
const files: Record<string, string> = {
  'server/src/features/orders/orders.service.ts': 'export const place = 1;\n',
  'server/src/features/orders/orders.repository.ts': "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n",
  'server/src/features/orders/orders.presenter.ts': 'export const present = 1;\n',
  'server/src/features/orders/orders.routes.ts': "import { place } from './orders.service';\nexport default place;\n",
  'server/src/features/orders/orders.test.ts': "import { sql } from 'drizzle-orm';\nexport const check = sql`select 1`;\n",
  // Good: another feature through its service.
  'server/src/features/stock/stock.service.ts': "import { place } from '../orders/orders.service';\nexport const s = place;\n",
  // Bad: another feature's repository, presenter and routes, by a short and a long path.
  'server/src/features/stock/reads-repository.ts': "import { q } from '../orders/orders.repository';\nexport const r = q;\n",
  'server/src/features/stock/reads-presenter.ts':
    "import { present } from '../../features/orders/orders.presenter';\nexport const p = present;\n",
  'server/src/features/stock/reads-routes.ts': "import routes from '../orders/orders.routes';\nexport const r = routes;\n",
  // Bad: a route reaching its own repository.
  'server/src/features/stock/stock.routes.ts': "import { q } from '../orders/orders.repository';\nexport default q;\n",
  'server/src/features/orders/listing.routes.ts': "import { q } from './orders.repository';\nexport default q;\n",
  // Bad: a route opening a transaction; good: a route naming the answer's type.
  'server/src/lib/transaction.ts': 'export const runTransaction = 1;\n',
  'server/src/lib/idempotency.ts': 'export type Answer = { status: number };\n',
  'server/src/features/orders/submit.routes.ts':
    "import { runTransaction } from '../../lib/transaction';\nexport default runTransaction;\n",
  'server/src/features/orders/answer.routes.ts': "import type { Answer } from '../../lib/idempotency';\nexport type A = Answer;\n",
  // Bad: SQL in a service.
  'server/src/features/orders/totals.service.ts': "import { sql } from 'drizzle-orm';\nexport const t = sql`select 1`;\n",
  // Good: SQL helpers in db/.
  'server/src/db/helpers.ts': "import { sql } from 'drizzle-orm';\nexport const h = sql`select 1`;\n",
  // Bad: lib and db reaching a feature.
  'server/src/lib/shared.ts': "import { place } from '../features/orders/orders.service';\nexport const x = place;\n",
  'server/src/db/reads-feature.ts': "import { place } from '../features/orders/orders.service';\nexport const y = place;\n",
  'web/src/features/stores/index.ts': "export * from './components/store-select';\n",
  'web/src/features/stores/components/store-select.tsx': 'export const StoreSelect = 1;\n',
  // Good: another web feature through its index.
  'web/src/features/counts/pages/counts-page.tsx': "import { StoreSelect } from '../../stores';\nexport const c = StoreSelect;\n",
  // Bad: another web feature's internals.
  'web/src/features/counts/pages/count-page.tsx':
    "import { StoreSelect } from '../../stores/components/store-select';\nexport const c = StoreSelect;\n",
  // Bad: web lib reaching a feature, and the web reaching the server.
  'web/src/lib/picker.ts': "import { StoreSelect } from '../features/stores';\nexport const p = StoreSelect;\n",
  'web/src/lib/server-call.ts': "import { place } from '../../../server/src/features/orders/orders.service';\nexport const w = place;\n",
  // Good: the contract on zod; bad: the contract on anything else.
  'contract/src/orders.ts': "import { z } from 'zod';\nexport const Order = z.object({});\n",
  'contract/src/files.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
};

const expected: Array<[string, string]> = [
  ['feature-through-service', 'server/src/features/stock/reads-repository.ts'],
  ['feature-through-service', 'server/src/features/stock/reads-presenter.ts'],
  ['feature-through-service', 'server/src/features/stock/reads-routes.ts'],
  ['feature-through-service', 'server/src/features/stock/stock.routes.ts'],
  ['route-without-repository', 'server/src/features/stock/stock.routes.ts'],
  ['route-without-repository', 'server/src/features/orders/listing.routes.ts'],
  ['route-without-transaction', 'server/src/features/orders/submit.routes.ts'],
  ['drizzle-in-repositories', 'server/src/features/orders/totals.service.ts'],
  ['server-lib-without-features', 'server/src/lib/shared.ts'],
  ['db-without-features', 'server/src/db/reads-feature.ts'],
  ['web-feature-through-index', 'web/src/features/counts/pages/count-page.tsx'],
  ['web-lib-without-features', 'web/src/lib/picker.ts'],
  ['web-without-server', 'web/src/lib/server-call.ts'],
  ['contract-only-zod', 'contract/src/files.ts'],
];

type Violation = { rule: { name: string }; from: string };

describe('import boundaries (npm run lint)', () => {
  let tree: string;
  let violations: Violation[];

  beforeAll(async () => {
    tree = mkdtempSync(join(tmpdir(), 'boundaries-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cruiser, 'server/src', 'web/src', 'contract/src', '--config', configPath, '--output-type', 'json'],
      { cwd: tree, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    violations = JSON.parse(stdout).summary.violations;
  }, 60_000);

  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('fires each rule on its bad file, and on nothing else', () => {
    const found = violations.map((violation) => [violation.rule.name, violation.from]);
    expect(found.sort()).toEqual([...expected].sort());
  });

  it('has a bad file for every rule in the configuration', () => {
    expect(new Set(expected.map(([rule]) => rule))).toEqual(new Set(ruleNames));
  });
});
