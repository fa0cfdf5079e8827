import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeSis } from '../../fake-sis/fake-sis.js';
import { createTestApp, signIn } from '../helpers/app.js';

describe('when the SIS hangs, a cached copy answers after a short budget, not the full timeout', () => {
  let fake: FakeSis;
  let app: FastifyInstance;
  let now: Date;
  let auth: { authorization: string };
  const holds = () => app.inject({ url: '/api/integrations/finti/holds', headers: auth });

  beforeAll(async () => {
    fake = await FakeSis.start();
  });
  afterAll(async () => fake.close());
  afterEach(async () => {
    fake.heal();
    await app.close();
  });

  const start = async (env: Record<string, string> = {}) => {
    now = new Date('2026-11-21T18:00:00.000Z');
    app = await createTestApp({
      clock: () => now,
      env: { SIS_BASE_URL: fake.url, SIS_TOKEN: 'sis-secret', SIS_TIMEOUT_MS: '8000', ...env },
    });
    auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
    const first = await holds();
    expect(first.headers['x-cache']).toBe('miss');
    // Past the holds' 8 hours of freshness, within the 24 hours a copy may stand in.
    now = new Date(now.getTime() + 9 * 3_600_000);
    // The same person, signed in again: a session does not last nine hours.
    auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
    return first.json<unknown>();
  };

  it('a hanging SIS: the stale copy arrives after about 1.5 s (SIS_STALE_AFTER_MS), not after the 8 s timeout', async () => {
    const copy = await start();
    fake.fail('holds', { kind: 'hang' });
    const began = Date.now();
    const answer = await holds();
    const waited = Date.now() - began;
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-cache']).toBe('stale');
    expect(answer.json()).toEqual(copy);
    expect(waited).toBeGreaterThanOrEqual(1400);
    expect(waited).toBeLessThan(4000);
  }, 20_000);

  it('the SIS call goes on in the background and its answer refreshes the cache for the next reader', async () => {
    await start({ SIS_STALE_AFTER_MS: '300' });
    fake.fail('holds', { kind: 'latency', ms: 1200 });
    const calls = fake.callsTo('holds');
    expect((await holds()).headers['x-cache']).toBe('stale');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    fake.heal();
    const next = await holds();
    expect(next.headers['x-cache']).toBe('hit');
    expect(fake.callsTo('holds')).toBe(calls + 1);
  }, 20_000);

  it('a SIS that answers within the budget is still waited for', async () => {
    await start();
    fake.fail('holds', { kind: 'latency', ms: 200 });
    expect((await holds()).headers['x-cache']).toBe('miss');
  }, 20_000);
});
