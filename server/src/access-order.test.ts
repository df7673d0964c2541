import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createStoreWithStaff } from '../test/factories';
import type { AccessCheck } from './lib/auth/authorize';
import { can } from './lib/auth/policy';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

/** Routes anyone may call (signing in, by password or through the company's provider), and logout, which would end the session the walk signs with. */
const OUTSIDE_THE_WALK = new Set([
  '/auth/login',
  '/api/auth/login',
  '/api/auth/mfa',
  '/api/auth/sign-in-options',
  '/auth/oidc/start',
  '/auth/oidc/callback',
  '/api/auth/oidc/finish',
  '/api/health',
  '/api/ready',
  '/api/docs',
  '/api/docs/',
  '/api/openapi.json',
  '/auth/logout',
  '/api/auth/logout',
]);

function accessCheckOf(route: RouteOptions): AccessCheck | undefined {
  const hooks = [route.onRequest ?? []].flat() as unknown[];
  return hooks.find((hook): hook is AccessCheck => typeof hook === 'function' && 'permission' in hook);
}

/** Every API route with a way to send it something malformed: a body of the wrong type, or a query that cannot be read. */
function apiRoutes() {
  return t.routes
    .filter((route) => route.url.startsWith('/api/') || route.url.startsWith('/auth/'))
    .flatMap((route) => [route.method].flat().map((method) => ({ method: String(method), route })))
    .filter(({ method, route }) => method !== 'HEAD' && !OUTSIDE_THE_WALK.has(route.url) && !route.url.startsWith('/api/docs/'))
    .map(({ method, route }) => {
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      return {
        name: `${method} ${route.url}`,
        method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: `${route.url.replace(':id', randomUUID())}${schema.querystring ? '?limit=many&offset=-1&startDate=someday&materialId=not-an-id' : ''}`,
        payload: schema.body ? [] : undefined,
        canBeMalformed: Boolean(schema.body || schema.querystring),
        check: accessCheckOf(route),
      };
    });
}

describe('who you are before what you sent', () => {
  it('walks a route table in which every API route but sign-in and health checks access first', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !route.check).map((route) => route.name)).toEqual([]);
  });

  it('answers 401 without a token or with a dead one, before reading the body', async () => {
    for (const route of apiRoutes()) {
      for (const headers of [{}, bearer('not-a-token')]) {
        const response = await t.app.inject({ method: route.method, url: route.url, headers, payload: route.payload });
        expect(response.statusCode, `${route.name} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
  });

  it('answers 403 to a role without the permission, and only then 400 for what it sent', async () => {
    const callers = [
      ['admin', staff.admin.token],
      ['user', staff.keeper.token],
      ['store-user', staff.storeUser.token],
    ] as const;
    let forbidden = 0;
    let malformed = 0;
    for (const route of apiRoutes()) {
      for (const [role, token] of callers) {
        const response = await t.app.inject({ method: route.method, url: route.url, headers: bearer(token), payload: route.payload });
        const isAllowed = route.check?.permission === undefined || can(role, route.check.permission);
        const label = `${route.name} as ${role}: ${response.body}`;
        if (!isAllowed) {
          expect(response.statusCode, label).toBe(403);
          forbidden += 1;
        } else if (route.canBeMalformed) {
          expect(response.statusCode, label).toBe(400);
          malformed += 1;
        } else {
          expect([401, 403], label).not.toContain(response.statusCode);
        }
      }
    }
    console.log(`route walk: ${apiRoutes().length} routes × ${callers.length} roles: ${forbidden} × 403, ${malformed} × 400 after access`);
    expect(forbidden).toBeGreaterThan(30);
    expect(malformed).toBeGreaterThan(40);
  });
});
