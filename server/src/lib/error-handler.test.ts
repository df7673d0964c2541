import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { QUERY_CANCELED } from './errors';

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
});
