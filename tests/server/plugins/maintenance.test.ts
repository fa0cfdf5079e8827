import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../contract/error.schema.js';
import { createTestApp } from '../helpers/app.js';

describe('MAINTENANCE=1', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it.each(['/api/status', '/api/users/user', '/api/campus', '/api/anything', '/next-steps/api/x'])(
    'answers every API call with 503 JSON {"detail"}: %s',
    async (url) => {
      app = await createTestApp({ env: { MAINTENANCE: '1' } });
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(errorSchema.parse(response.json()).detail).toMatch(/maintenance/);
    },
  );

  it('answers 503 with the security headers and the request id every answer carries', async () => {
    app = await createTestApp({ env: { MAINTENANCE: '1' } });
    const response = await app.inject({ url: '/api/status' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.headers['x-request-id']).toBeDefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the health check and the sign-in page working', async () => {
    app = await createTestApp({ env: { MAINTENANCE: '1' } });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const login = await app.inject({ url: '/auth/login?next=%2F' });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toMatch(/text\/html/);
  });

  it('leaves the API alone when off', async () => {
    app = await createTestApp();
    expect((await app.inject({ url: '/api/status' })).statusCode).toBe(200);
  });
});
