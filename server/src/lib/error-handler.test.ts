import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { QUERY_CANCELED, UNIQUE_VIOLATION } from './errors';

describe('the error handler', () => {
  it('answers 503 with a message, not 500, for a statement the database cancelled after its timeout', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/slow', async () => {
      throw Object.assign(new Error('Failed query: select …'), {
        cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: QUERY_CANCELED }),
      });
    });
    const response = await app.inject({ method: 'GET', url: '/slow' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'The server took too long to answer. Please try again.' });
    await app.close();
  });

  it('answers 409 with a message to try again, not 500, for a unique violation no feature caught', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.post('/twice', async () => {
      throw Object.assign(new Error('Failed query: insert …'), {
        cause: Object.assign(new Error('duplicate key value violates unique constraint "x_key"'), { code: UNIQUE_VIOLATION }),
      });
    });
    const response = await app.inject({ method: 'POST', url: '/twice' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Someone else changed this at the same moment. Please try again.',
      code: 'CHANGED_AT_ONCE',
    });
    await app.close();
  });

  it('answers 503 with Retry-After, not 500, while the database is restarting or out of reach', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    const failures = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Failed query: select …', {
        cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      new Error('Connection terminated unexpectedly'),
    ];
    let next = 0;
    app.get('/down', async () => {
      throw failures[next++];
    });
    for (const _ of failures) {
      const response = await app.inject({ method: 'GET', url: '/down' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toEqual({ message: 'The database is not reachable.' });
    }
    await app.close();
  });
});
