import { connect } from 'node:net';
import { ROUTE_NOT_FOUND } from '@stockyard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createAdmin, createMaterial, createStoreWithStaff } from '../test/factories';

let t: TestApp;
let admin: { email: string; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.database.db);
});
afterAll(() => t.close());

describe('the HTTP boundary', () => {
  it('answers the health check once the database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('returns 400 with a clear message for invalid JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON.');
  });

  it('returns 413 for a body over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The request body is too large (1 MB at most).');
  });

  it('returns 415 for a body that is not JSON, or not in UTF-8', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: { ...bearer(admin.token), 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Send the request body as JSON.' });
    const latin1 = await t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: { ...bearer(admin.token), 'content-type': 'application/json; charset=latin1' },
      payload: Buffer.from('{"name":"Caf\xe9","location":"x","openingHours":"","status":"Active"}', 'latin1'),
    });
    expect(latin1.statusCode).toBe(415);
    expect(latin1.json()).toEqual({ message: 'Send the request body as JSON in UTF-8.' });
  });

  it('answers a URL that cannot be decoded in its own shape, with the API headers and without echoing it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/%3Cscript%3E%' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The address of the request is not valid.', code: 'ADDRESS_NOT_VALID' });
    expect(response.body).not.toContain('script');
    expect(response.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
  });

  it('answers headers too large for the HTTP parser in the API shape, with its headers', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
      });
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8');
      });
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(body)).toEqual({ message: 'The request headers are too large.', code: 'HEADERS_TOO_LARGE' });
  });

  it('tells every cache to keep no API answer', async () => {
    for (const url of ['/api/health', '/api/auth/fetch-users', '/api/nothing-here']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: admin.email, password: 'wrong password' } });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('returns 400 for a JSON body of the wrong type', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/stores',
        headers: { ...bearer(admin.token), 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('drops prototype keys and ignores unknown fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      payload: '{"name":"Proto","__proto__":{"isAdmin":true},"constructor":{"x":1},"extra":1}',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().store).not.toHaveProperty('extra');
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers unknown API paths with a JSON 404 that does not repeat the request', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here?<b>x</b>' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: ROUTE_NOT_FOUND });
  });

  it('sends security headers and no X-Powered-By: a data answer may load and frame nothing, a page gets the page policy', async () => {
    const data = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(data.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(data.headers['x-content-type-options']).toBe('nosniff');
    expect(data.headers['x-frame-options']).toBe('DENY');
    expect(data.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(data.headers['referrer-policy']).toBeUndefined();
    expect(data.headers['x-powered-by']).toBeUndefined();
    const signIn = await t.app.inject({ method: 'POST', url: '/auth/login', payload: {} });
    expect(signIn.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const page = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-powered-by']).toBeUndefined();
  });

  it('sends HSTS only to a client that came over HTTPS, as a trusted proxy says', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const untrusted = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const { buildApp } = await import('./app');
    const { randomBytes } = await import('node:crypto');
    const proxied = await buildApp({ db: t.database.db, tokens: { secret: randomBytes(32), ttlSeconds: 60 }, trustProxy: true });
    const https = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await proxied.close();
  });

  it('describes the API as OpenAPI at /api/openapi.json, every route in a described group with its answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/auth/login', '/api/stores', '/api/auth/create-user', '/api/tokens']));
    const described = new Set(spec.tags.map((tag: { name: string }) => tag.name));
    const operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, { tags?: string[]; responses?: Record<string, unknown> }>).map(([method, op]) => ({
        name: `${method.toUpperCase()} ${path}`,
        ...op,
      })),
    );
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((op) => !op.tags?.length || !op.tags.every((tag) => described.has(tag))).map((op) => op.name)).toEqual([]);
    expect(operations.filter((op) => !Object.keys(op.responses ?? {}).some((code) => code.startsWith('2'))).map((op) => op.name)).toEqual(
      [],
    );
  });

  it('serves the API reference page at /api/docs with its scripts from this server, under the app’s CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>[^<]/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await t.app.inject({ method: 'GET', url: new URL(src ?? '', 'http://stockyard.test/api/docs/').pathname });
      expect(script.statusCode, src).toBe(200);
    }
  });
});

describe('CORS', () => {
  it('is closed by default: no Access-Control-Allow-Origin for another site', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/stores',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens to the origins in CORS_ORIGINS only', async () => {
    const { buildApp } = await import('./app');
    const { randomBytes } = await import('node:crypto');
    const open = await buildApp({
      db: t.database.db,
      tokens: { secret: randomBytes(32), ttlSeconds: 60 },
      corsOrigins: ['https://site.example'],
    });
    const allowed = await open.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://site.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://site.example');
    const other = await open.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await open.close();
  });
});

describe('answers of the API', () => {
  it('are compressed when the client takes it, with the same JSON inside; small ones are sent as they are', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { keeper } = await createStoreWithStaff(t.app, t.database.db);
    for (let i = 0; i < 20; i += 1) await createMaterial(t.app, keeper.token, { totalQuantity: i });
    const list = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/user/get-product?limit=50',
        headers: { ...bearer(keeper.token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(20);
    const brotli = await list('br, gzip, deflate');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['x-total-count']).toBe('20');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    // Compressed in one call and sent with its length, not streamed in chunks.
    expect(brotli.headers['content-length']).toBe(String(brotli.rawPayload.length));
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    const gzipped = await list('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });
});

describe('the web app files', () => {
  it('sends compressed copies when the browser takes them, hashed files cached for good and the page revalidated', async () => {
    const { buildApp } = await import('./app');
    const { randomBytes } = await import('node:crypto');
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { gzipSync, brotliCompressSync, gunzipSync } = await import('node:zlib');
    const dist = mkdtempSync(join(tmpdir(), 'stockyard-web-'));
    const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'index.html.gz'), gzipSync('<!doctype html><div id="root"></div>'));
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    const web = await buildApp({ db: t.database.db, tokens: { secret: randomBytes(32), ttlSeconds: 60 }, webDistDir: dist });
    try {
      const gzipped = await web.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.statusCode).toBe(200);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
      expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const brotli = await web.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      const plain = await web.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      for (const url of ['/', '/dashboard/allproducts']) {
        const page = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(gunzipSync(page.rawPayload).toString()).toContain('id="root"');
      }
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
