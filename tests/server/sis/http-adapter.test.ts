import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../contract/error.schema.js';
import { integrationAnswerSchemas } from '../../../contract/sis/integrations.schema.js';
import { FakeSis } from '../../fake-sis/fake-sis.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { anyOf } from '../../matchers.js';

const MINUTE = 60_000;
const longSessions = { idleMs: 30 * 24 * 60 * MINUTE, absoluteMs: 30 * 24 * 60 * MINUTE };

describe('the HTTP SIS adapter against a fake upstream', () => {
  let fake: FakeSis;
  let app: FastifyInstance;
  let now: Date;
  let auth: { authorization: string };
  const advance = (minutes: number) => {
    now = new Date(now.getTime() + minutes * MINUTE);
  };
  const get = (read: string, headers = auth) =>
    app.inject({ url: `/api/integrations/finti/${read}`, headers });

  beforeAll(async () => {
    fake = await FakeSis.start();
  });
  afterAll(async () => fake.close());
  beforeEach(async () => {
    fake.heal();
    fake.calls.length = 0;
    now = new Date('2026-11-21T18:00:00.000Z');
    app = await createTestApp({
      clock: () => now,
      sessionPolicy: longSessions,
      // The read's one deadline covers the sign-in's reads too: room for a loaded machine's cold start.
      // The calls counted are the reads' own: no record-changes baseline read at sign-in beside them.
      env: {
        SIS_BASE_URL: fake.url,
        SIS_TOKEN: 'sis-secret',
        SIS_TIMEOUT_MS: '1500',
        CHANGES: 'off',
      },
    });
    auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
  });
  afterEach(async () => app.close());

  it('answers from the upstream, validated, with the bearer token and X-Cache miss then hit', async () => {
    const first = await get('holds');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(integrationAnswerSchemas.holds.parse(first.json())).toHaveLength(1);
    expect(fake.calls.find((c) => c.read === 'holds')).toMatchObject({ auth: 'Bearer sis-secret' });
    expect(fake.calls.find((c) => c.read === 'identity')).toMatchObject({
      auth: 'Bearer sis-secret',
    });
    const second = await get('holds');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.json()).toEqual(first.json());
    expect(fake.callsTo('holds')).toBe(1);
  });

  it('passes the term of per-term reads on to the upstream', async () => {
    const response = await get('courses?term=202604');
    expect(response.statusCode).toBe(200);
    expect(fake.calls.at(-1)).toMatchObject({ read: 'courses', term: '202604' });
  });

  it('makes exactly one upstream call for 20 concurrent requests of the same cold key', async () => {
    fake.fail('gpa', { kind: 'latency', ms: 120 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('gpa')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(fake.callsTo('gpa')).toBe(1);
  });

  it('keeps holds fresh for 480 minutes and contact info for 10, then asks the upstream again', async () => {
    await get('holds');
    await get('contact-info');
    advance(9);
    expect((await get('contact-info')).headers['x-cache']).toBe('hit');
    advance(2);
    expect((await get('contact-info')).headers['x-cache']).toBe('miss');
    expect(fake.callsTo('contact-info')).toBe(2);
    advance(479 - 11);
    expect((await get('holds')).headers['x-cache']).toBe('hit');
    advance(2);
    expect((await get('holds')).headers['x-cache']).toBe('miss');
    expect(fake.callsTo('holds')).toBe(2);
  });

  it('serves the cached copy as stale while the upstream fails, for at most 24 hours', async () => {
    const fresh = await get('standing');
    fake.fail('standing', { kind: 'status', status: 500 });
    advance(481);
    const stale = await get('standing');
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['x-cache']).toBe('stale');
    expect(stale.json()).toEqual(fresh.json());
    advance(24 * 60 - 481 + 1);
    const gone = await get('standing');
    expect(gone.statusCode).toBe(500);
    expect(errorSchema.parse(gone.json()).component).toBe('standing');
  });

  it('gives up after the timeout when the upstream hangs: 500 naming the component', async () => {
    fake.fail('advisor', { kind: 'hang' });
    const started = Date.now();
    const response = await get('advisor');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ component: 'advisor' });
    expect(fake.callsTo('advisor')).toBe(1);
  });

  it.each([
    ['a schema-invalid answer', 'gpa', { kind: 'invalid' } as const],
    ['malformed JSON', 'current-term', { kind: 'malformed' } as const],
    ['an upstream 500', 'holds', { kind: 'status', status: 500 } as const],
    ['an upstream 503', 'holds', { kind: 'status', status: 503 } as const],
  ])('turns %s into HTTP 500 with the component, never 502/503/504', async (_, read, fault) => {
    fake.fail(read, fault);
    const response = await get(read);
    expect(response.statusCode).toBe(500);
    expect(errorSchema.parse(response.json())).toEqual({
      detail: anyOf(String),
      component: read,
    });
  });

  it('retries a read once when the connection drops, and only once', async () => {
    fake.fail('term-info', { kind: 'reset' }, 1);
    expect((await get('term-info')).statusCode).toBe(200);
    expect(fake.callsTo('term-info')).toBe(2);
    fake.fail('bookstore', { kind: 'reset' });
    expect((await get('bookstore')).statusCode).toBe(500);
    expect(fake.callsTo('bookstore')).toBe(2);
  });

  it('never answers one user from another user’s cache', async () => {
    const other = { authorization: `Token ${(await signIn(app, 'new-student')).token}` };
    // Signing in reads each person's record once for Next Steps' student types, not through the cache.
    const before = fake.callsTo('curriculum-info');
    const mine = await get('curriculum-info');
    const theirs = await get('curriculum-info', other);
    expect(theirs.headers['x-cache']).toBe('miss');
    expect(theirs.body).not.toEqual(mine.body);
    expect(fake.callsTo('curriculum-info') - before).toBe(2);
  });

  it('records DEPOSIT_INIT and DEPOSIT_CONFIRM dismissals as DEPOSIT upstream', async () => {
    const newStudent = { authorization: `Token ${(await signIn(app, 'new-student')).token}` };
    const before = integrationAnswerSchemas.nudges.parse((await get('nudges', newStudent)).json());
    expect(Array.isArray(before) && before.map((n) => n.nudge_type)).toContain('DEPOSIT_CONFIRM');
    const dismissed = await app.inject({
      method: 'POST',
      url: '/api/integrations/finti/nudges',
      headers: newStudent,
      payload: { nudge_type: 'DEPOSIT_CONFIRM' },
    });
    expect(dismissed.json()).toEqual({ nudge_type: 'DEPOSIT' });
    expect(JSON.parse(fake.calls.at(-1)?.body ?? '{}')).toEqual({ nudge_type: 'DEPOSIT' });
    const after = await get('nudges', newStudent);
    expect(after.headers['x-cache']).toBe('miss');
    expect(
      after.json<Array<{ nudge_type: string }>>().map((n: { nudge_type: string }) => n.nudge_type),
    ).toEqual(['APC']);
  });
});
