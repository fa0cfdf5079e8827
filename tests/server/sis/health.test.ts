import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { statusSchema } from '../../../contract/status.schema.js';
import { IntegrationHealth } from '../../../server/sis/health.js';
import { FakeSis } from '../../fake-sis/fake-sis.js';
import { createTestApp, signIn } from '../helpers/app.js';

describe('IntegrationHealth', () => {
  const start = new Date('2026-11-21T18:00:00.000Z').getTime();
  let now = start;
  const health = () => new IntegrationHealth(() => new Date(now));

  it('integrations are unavailable after three failed SIS calls in a row within five minutes', () => {
    now = start;
    const h = health();
    h.failed();
    h.failed();
    expect(h.available).toBe(true);
    now += 60_000;
    h.failed();
    expect(h.available).toBe(false);
  });

  it('one call that succeeds makes them available again', () => {
    now = start;
    const h = health();
    for (let i = 0; i < 5; i += 1) h.failed();
    h.succeeded();
    expect(h.available).toBe(true);
  });

  it('failures older than five minutes no longer count', () => {
    now = start;
    const h = health();
    h.failed();
    h.failed();
    now += 6 * 60_000;
    h.failed();
    expect(h.available).toBe(true);
  });
});

describe('GET /api/status reports whether the SIS answers', () => {
  let fake: FakeSis;
  let app: FastifyInstance;
  beforeAll(async () => {
    fake = await FakeSis.start();
  });
  afterAll(async () => fake.close());
  afterEach(async () => app.close());

  const status = async () => statusSchema.parse((await app.inject({ url: '/api/status' })).json());

  it('says integrations are unavailable once SIS calls keep failing, and available after one answers', async () => {
    fake.heal();
    app = await createTestApp({
      env: { SIS_BASE_URL: fake.url, SIS_TOKEN: 'sis-secret', SIS_TIMEOUT_MS: '300' },
    });
    const auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
    expect(await status()).toEqual({ status: 'ok', integrations: 'available' });

    for (const read of ['holds', 'gpa', 'standing'])
      fake.fail(read, { kind: 'status', status: 500 });
    for (const read of ['holds', 'gpa', 'standing']) {
      const answer = await app.inject({ url: `/api/integrations/finti/${read}`, headers: auth });
      expect(answer.statusCode).toBe(500);
    }
    expect(await status()).toEqual({ status: 'ok', integrations: 'unavailable' });

    fake.heal();
    const advisor = await app.inject({ url: '/api/integrations/finti/advisor', headers: auth });
    expect(advisor.statusCode).toBe(200);
    expect(await status()).toEqual({ status: 'ok', integrations: 'available' });
  });

  it('the sample SIS is always available', async () => {
    app = await createTestApp();
    expect(await status()).toEqual({ status: 'ok', integrations: 'available' });
  });
});
