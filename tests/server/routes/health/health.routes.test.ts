import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { readySchema } from '../../../../contract/status.schema.js';
import { createTestApp } from '../../helpers/app.js';

describe('health, status and the API contract', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('answers /healthz, /readyz and the guard status check', async () => {
    app = await createTestApp();
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      notify: { emails_in_flight: 8 },
    });
    const status = await app.inject({ url: '/api/status' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ status: 'ok', integrations: 'available' });
  });

  it('while draining (after SIGTERM) answers /readyz 503 at once, still serves other requests, and closes each connection after its answer', async () => {
    app = await createTestApp();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    app.lifecycle.draining = true;
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ detail: 'Shutting down' });
    const live = await app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
  });

  it('answers /readyz 503 when the database does not answer', async () => {
    app = await createTestApp();
    await app.database.close();
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toHaveProperty('detail');
  });

  it('serves an OpenAPI document generated from the contract', async () => {
    app = await createTestApp();
    interface Doc {
      openapi: string;
      paths: Record<
        string,
        {
          get: {
            responses: Record<
              string,
              { content: Record<string, { schema: { required: string[] } }> }
            >;
          };
        }
      >;
    }
    const doc = (await app.inject({ url: '/api/openapi.json' })).json<Doc>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/status', '/api/users/user', '/api/preferences/user']),
    );
    const user =
      doc.paths['/api/users/user']?.get.responses['200']?.content['application/json']?.schema;
    expect(user?.required).toEqual(expect.arrayContaining(['auth_token', 'primary_role']));
  });

  it('answers unknown API paths with 404 JSON, never HTML', async () => {
    app = await createTestApp();
    for (const url of ['/api/nope', '/next-steps/api/nope/', '/api']) {
      const response = await app.inject({ method: 'POST', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toHaveProperty('detail');
    }
  });

  it('serves the portal page for portal paths and the Next Steps page under /next-steps', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'client-'));
    mkdirSync(path.join(dir, 'next-steps'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<title>portal</title>');
    writeFileSync(path.join(dir, 'next-steps', 'index.html'), '<title>next steps</title>');
    writeFileSync(path.join(dir, 'assets', 'app-123.js'), 'console.log(1)');
    app = await createTestApp({ clientDir: dir });

    for (const url of ['/', '/academics', '/whats-new/spring', '/some/content/page', '/404']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('portal');
    }
    for (const url of ['/next-steps', '/next-steps/', '/next-steps/task/4?show=done']) {
      const page = await app.inject({ url });
      expect(page.body, url).toContain('next steps');
    }
    const asset = await app.inject({ url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('how many emails a kill -9 can send again, on /readyz (issue 56)', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());
  const inFlight = async (env: Record<string, string>) => {
    app = await createTestApp({ env });
    const ready = readySchema.parse((await app.inject({ url: '/readyz' })).json());
    await app.close();
    return ready.notify.emails_in_flight;
  };

  it('is the email share of the routine slots, no more than the SMTP pool, none while paused', async () => {
    // The outbox (no SMTP_URL): email's cap of the routine lane.
    expect(await inFlight({})).toBe(8);
    expect(await inFlight({ NOTIFY_PER_DESTINATION: '20' })).toBe(20);
    expect(await inFlight({ NOTIFY_PER_DESTINATION: '30' })).toBe(24);
    expect(
      await inFlight({
        NOTIFY_PER_DESTINATION: '20',
        NOTIFY_CONCURRENCY: '12',
        NOTIFY_URGENT_SLOTS: '2',
      }),
    ).toBe(10);
    // With SMTP, each pooled connection carries one message at a time.
    expect(await inFlight({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toBe(5);
    expect(await inFlight({ SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_POOL_SIZE: '3' })).toBe(3);
    expect(await inFlight({ NOTIFY_PAUSED: '1' })).toBe(0);
    app = await createTestApp();
  });
});

describe('readiness with Redis configured', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('a Redis that does not answer makes /readyz "degraded", not unready: the portal still serves', async () => {
    app = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'degraded',
      database: 'ok',
      redis: 'unavailable',
      notify: { emails_in_flight: 8 },
    });
  });

  it.skipIf(!process.env.REDIS_URL)('a Redis that answers is reported ok', async () => {
    app = await createTestApp({ env: { REDIS_URL: process.env.REDIS_URL ?? '' } });
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      redis: 'ok',
      notify: { emails_in_flight: 8 },
    });
  });
});
