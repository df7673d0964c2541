import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createMaterial, createStoreWithStaff, createTool, createUser } from '../test/factories';
import { findLedgerMismatches } from '../test/ledger-check';
import { queryRows } from './db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
let ids: string[];

/** Every route of the API, with a well-formed body to mutate. */
const ROUTES: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: Record<string, unknown> }[] = [
  { method: 'POST', url: '/auth/login', body: { email: 'a@example.com', password: 'x' } },
  { method: 'POST', url: '/api/auth/logout' },
  { method: 'POST', url: '/api/auth/change-password', body: { newPassword: 'long enough pass' } },
  {
    method: 'POST',
    url: '/api/auth/create-user',
    body: { name: 'N', email: 'n@example.com', password: 'long enough', role: 'user', stores: [] },
  },
  { method: 'GET', url: '/api/auth/fetch-users' },
  { method: 'DELETE', url: '/api/auth/delete-user/:id' },
  { method: 'POST', url: '/api/auth/change-user-password', body: { userId: ':id', newPassword: 'long enough' } },
  { method: 'GET', url: '/api/stores' },
  { method: 'POST', url: '/api/stores', body: { name: 'S', location: 'L', status: 'Active' } },
  { method: 'PUT', url: '/api/stores/update/:id', body: { name: 'S', location: 'L', isActive: true } },
  { method: 'DELETE', url: '/api/stores/delete/:id' },
  { method: 'GET', url: '/api/products' },
  { method: 'GET', url: '/api/user/get-product' },
  { method: 'POST', url: '/api/user/add-product', body: { name: 'M', totalQuantity: 1 } },
  { method: 'PUT', url: '/api/products/update-product/:id', body: { name: 'M' } },
  { method: 'DELETE', url: '/api/products/delete-product/:id' },
  { method: 'PUT', url: '/api/products/update-remarks/:id', body: { remarks: 'r' } },
  { method: 'POST', url: '/api/user/consume-stock', body: { productId: ':id', quantity: 1 } },
  { method: 'POST', url: '/api/user/add-damaged-stock', body: { productId: ':id', damagedQuantity: 1 } },
  { method: 'POST', url: '/api/user/refund-stock', body: { productId: ':id', refundQuantity: 1 } },
  { method: 'POST', url: '/api/user/add-restock-product', body: { name: 'M', quantity: 1 } },
  { method: 'POST', url: '/api/user/transfer-stock', body: { name: 'M', quantity: 1 } },
  { method: 'GET', url: '/api/tools/view-tools' },
  { method: 'GET', url: '/api/user/get-tools' },
  { method: 'POST', url: '/api/tools/add-tools', body: { name: 'T', totalQuantity: 1 } },
  { method: 'POST', url: '/api/user/add-tools', body: { name: 'T', totalQuantity: 1 } },
  { method: 'POST', url: '/api/user/add-damaged-tool', body: { toolId: ':id', damagedQuantity: 1, damagedReason: 'x' } },
  { method: 'POST', url: '/api/user/add-refund-tool', body: { toolId: ':id', refundQuantity: 1 } },
  { method: 'POST', url: '/api/user/add-consumed-tool', body: { toolId: ':id', quantity: 1 } },
  { method: 'GET', url: '/api/all-inventory' },
  { method: 'POST', url: '/api/add-inventory', body: { productId: ':id', quantity: 1, supplier: 's', date: '2026-01-01' } },
  { method: 'PUT', url: '/api/update-inventory/:id', body: { productId: ':id', quantity: 1, supplier: 's', date: '2026-01-01' } },
  { method: 'DELETE', url: '/api/delete-inventory/:id' },
  { method: 'GET', url: '/api/supply/all' },
  { method: 'POST', url: '/api/supply/add', body: { productId: ':id', quantity: 1, supplier: 's', dateReceived: '2026-01-01' } },
  { method: 'PUT', url: '/api/supply/:id', body: { productId: ':id', quantity: 1, supplier: 's', dateReceived: '2026-01-01' } },
  { method: 'GET', url: '/api/stock' },
  { method: 'GET', url: '/api/stock/total' },
  { method: 'GET', url: '/api/supply/track-supplies' },
  { method: 'GET', url: '/api/movements' },
  { method: 'GET', url: '/api/report/generate-report' },
  { method: 'GET', url: '/api/user/report' },
  { method: 'GET', url: '/api/audit' },
  { method: 'GET', url: '/api/health' },
];

const nasty = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    '',
    ' ',
    'x'.repeat(100_000),
    "'; drop table movements; --",
    '<img src=x onerror=alert(1)>',
    '{{7*7}}',
    '../../etc/passwd',
    '\u0000',
    'null',
    '1',
    '2026-02-30',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 10 }).map((text) => `${text}\u0000${text}`),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 4 }),
  fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'a', '$where'),
    fc.oneof(fc.integer(), fc.string(), fc.constant({ polluted: true })),
    {
      maxKeys: 3,
    },
  ),
);

const pathId = fc.oneof(
  fc.uuid(),
  fc.constantFrom('abc', '0', '-1', "1' or '1'='1", '%00', 'x'.repeat(300), '..%2F..'),
  fc.constant('EXISTING'),
);

type Case = {
  route: number;
  role: number;
  field: number;
  value: unknown;
  rawBody: string | null;
  id: string;
  query: [string, string][];
  key: string | null;
};

const hostileCase: fc.Arbitrary<Case> = fc.record({
  route: fc.nat({ max: ROUTES.length - 1 }),
  // Mostly signed-in callers who get past authorisation, so the bodies reach validation and the database.
  role: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 1) }, { weight: 2, arbitrary: fc.constantFrom(2, 3, 4) }),
  // Which of the route's own fields to spoil (one past the end: an extra `__proto__` key).
  field: fc.nat(),
  value: nasty,
  rawBody: fc.option(
    fc.constantFrom('{"a":', '[]', '"text"', '42', 'null', '{"quantity":1e999}', '\u0000', '{"__proto__":{"admin":true}}'),
    { freq: 4 },
  ),
  id: pathId,
  query: fc.array(
    fc.tuple(
      fc.constantFrom('q', 'limit', 'offset', 'storeId', 'itemId', 'from', 'to', 'startDate', 'endDate', 'storeName', 'entityType', 'with'),
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('-1', '1e308', '99999999999', '%', '_', '2026-01-01', 'NaN')),
    ),
    { maxLength: 3 },
  ),
  key: fc.option(fc.oneof(fc.string({ maxLength: 30 }), fc.constant('k'.repeat(300)))),
});

async function snapshot(): Promise<string> {
  const [row] = await queryRows<Record<string, number>>(
    t.database.db,
    sql`select (select count(*) from movements)::int as movements,
               (select coalesce(sum(available_quantity + consumed_quantity + damaged_quantity + refund_quantity + restocked_quantity + transfer_quantity), 0) from materials)::bigint as materials,
               (select coalesce(sum(available_quantity + consumed_quantity + damaged_quantity + refund_quantity), 0) from tools)::bigint as tools`,
  );
  return JSON.stringify(row);
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
  const material = await createMaterial(t.app, staff.keeper.token, { name: 'M', totalQuantity: 50 });
  const tool = await createTool(t.app, staff.keeper.token, { name: 'T', totalQuantity: 5 });
  ids = [material._id, tool._id, staff.store._id, staff.keeper._id];
});
afterAll(() => t.close());

describe('hostile input against every route as every role', () => {
  it('never answers 5xx, never moves stock on a 4xx, and keeps answering', async () => {
    const tokens = [staff.admin.token, staff.keeper.token, staff.storeUser.token, '', 'garbage.token.value'];
    let runs = 0;
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(hostileCase, async (testCase) => {
        runs += 1;
        const route = ROUTES[testCase.route] as (typeof ROUTES)[number];
        const id = testCase.id === 'EXISTING' ? (ids[testCase.route % ids.length] as string) : testCase.id;
        const body = route.body ? JSON.parse(JSON.stringify(route.body).replaceAll(':id', ids[0] as string)) : {};
        const fields = [...Object.keys(body), '__proto__'];
        const field = fields[testCase.field % fields.length] as string;
        if (field === '__proto__') Object.defineProperty(body, '__proto__', { value: testCase.value, enumerable: true });
        else body[field] = testCase.value;
        const query = testCase.query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        // Logout and password changes end sessions: they get a throwaway account, so the others keep working.
        const endsSessions = route.url === '/api/auth/logout' || route.url === '/api/auth/change-password';
        const token =
          endsSessions && testCase.role < 3
            ? (await createUser(t.app, staff.admin.token, { role: 'user', storeId: staff.store._id })).token
            : (tokens[testCase.role] as string);
        if (token) headers.authorization = `Bearer ${token}`;
        if (testCase.key !== null) headers['idempotency-key'] = testCase.key;
        const before = await snapshot();
        const response = await t.app.inject({
          method: route.method,
          url: `${route.url.replace(':id', encodeURIComponent(id))}${query ? `?${query}` : ''}`,
          headers,
          // Failed sign-ins from the fuzzer must not lock out the address the helpers sign in from.
          remoteAddress: `198.51.100.${runs % 250}`,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : (testCase.rawBody ?? JSON.stringify(body)),
        });
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        expect(response.statusCode, `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 300)}`).toBeLessThan(
          500,
        );
        if (response.statusCode >= 400) {
          expect(await snapshot(), `${route.method} ${route.url} answered ${response.statusCode} but moved stock`).toBe(before);
          expect(typeof response.json().message).toBe('string');
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 1500) },
    );
    console.log(
      `hostile input: ${runs} generated requests, ${Object.entries(statuses)
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ')}`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
    // Nothing leaked onto Object.prototype.
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);
});
