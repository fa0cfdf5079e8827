import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeRedis, whenReady } from '../../../server/cache/redis-client.js';
import { openDatabase } from '../../../server/db/database.js';
import {
  ACK_WAIT_MS,
  sessionEndedChannel,
  sessionForgottenChannel,
} from '../../../server/plugins/app/session-sync.js';
import { redisForSuite, redisUrlForTests } from '../cache/stores.js';
import { createTestApp, logOut, signIn } from '../helpers/app.js';
import { matching } from '../../matchers.js';

const url = redisUrlForTests();
let apps: FastifyInstance[] = [];
let dirs: string[] = [];

afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  apps = [];
  dirs = [];
});

const holds = (app: FastifyInstance, token: string) =>
  app.inject({
    url: '/api/integrations/finti/holds',
    headers: { authorization: `Token ${token}` },
  });

describe.skipIf(!url)('several server processes sharing one Redis', () => {
  const redis = redisForSuite(url ?? '', 'processes');

  /** Two apps as two processes would be: one SQLite file, one Redis, nothing else in common. */
  async function twoProcesses(env: Record<string, string> = {}) {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-redis-'));
    dirs.push(dir);
    const open = () => openDatabase({ dataDir: dir, sqliteFile: 'portal.sqlite' });
    const shared = { REDIS_URL: url ?? '', REDIS_KEY_PREFIX: redis.prefix, ...env };
    const first = await createTestApp({ env: shared, database: await open() });
    const second = await createTestApp({ env: shared, database: await open() });
    apps.push(first, second);
    return { first, second };
  }

  it('share cached answers: what one process cached answers X-Cache: hit in the other', async () => {
    const { first, second } = await twoProcesses();
    const { token } = await signIn(first, 'student');
    const fresh = await holds(first, token);
    expect(fresh.headers['x-cache']).toBe('miss');
    const shared = await holds(second, token);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['x-cache']).toBe('hit');
    expect(shared.json()).toEqual(fresh.json());
  });

  it('an upgrade never serves the old build’s cached answers: each build has keys of its own (issue 62)', async () => {
    const { first: old } = await twoProcesses({ BUILD_HASH: 'aaaaaaa' });
    const { first: upgraded, second: sameBuild } = await twoProcesses({ BUILD_HASH: 'bbbbbbb' });
    const { token } = await signIn(old, 'student');
    expect((await holds(old, token)).headers['x-cache']).toBe('miss');
    const { token: again } = await signIn(upgraded, 'student');
    expect((await holds(upgraded, again)).headers['x-cache']).toBe('miss');
    expect((await holds(sameBuild, again)).headers['x-cache']).toBe('hit');
  });

  it('share the clearing of a user’s cache: a clear in one process is a miss in the other', async () => {
    const { first, second } = await twoProcesses();
    const { token } = await signIn(first, 'student');
    await holds(first, token);
    const cleared = await second.inject({
      method: 'POST',
      url: '/api/cache/clear',
      headers: { authorization: `Token ${token}` },
    });
    // Both of the user's cached answers: the profile signing in read (identity and roles from the
    // SIS) and the holds.
    expect(cleared.json()).toEqual({ cleared: 2 });
    expect((await holds(first, token)).headers['x-cache']).toBe('miss');
  });

  it('share per-session rate-limit counters: calls to both processes count together', async () => {
    const { first, second } = await twoProcesses({ RATE_LIMIT_API_PER_MINUTE: '5' });
    const { token } = await signIn(first, 'student');
    // Signing in read the user once with the session cookie: the same session, so 4 calls are left.
    for (const app of [first, second, first, second])
      expect((await holds(app, token)).statusCode).toBe(200);
    const refused = await holds(second, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: matching(/Too many requests/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await holds(first, token)).statusCode).toBe(429);
  });

  /** A third process on the same Redis that reads the announcements of ended sessions. */
  async function anotherProcess(confirmAfterMs: number | null) {
    const subscriber = redis.client().duplicate();
    const confirmedAt: number[] = [];
    subscriber.on('message', (_channel: string, message: string) => {
      const nonce = message.split(' ')[1] ?? '';
      if (confirmAfterMs === null) return;
      setTimeout(() => {
        confirmedAt.push(Date.now());
        void redis.client().publish(sessionForgottenChannel(redis.prefix), nonce);
      }, confirmAfterMs);
    });
    if (!(await whenReady(subscriber, 5000))) throw new Error('Redis did not answer.');
    await subscriber.subscribe(sessionEndedChannel(redis.prefix));
    return { confirmedAt, close: () => closeRedis(subscriber) };
  }

  it('a sign-out answers only once every process has confirmed it forgot the session', async () => {
    const { first, second } = await twoProcesses();
    const { cookie, token } = await signIn(first, 'student');
    expect((await holds(second, token)).statusCode).toBe(200);
    const slow = await anotherProcess(150);
    try {
      expect((await logOut(first, cookie)).statusCode).toBe(303);
      const answeredAt = Date.now();
      expect(slow.confirmedAt).toHaveLength(1);
      expect(answeredAt).toBeGreaterThanOrEqual(slow.confirmedAt[0] ?? Infinity);
      expect((await holds(second, token)).statusCode).toBe(401);
    } finally {
      await slow.close();
    }
  });

  it('a sign-out still answers when a process never confirms, after waiting a moment for it', async () => {
    const { first } = await twoProcesses();
    const { cookie, token } = await signIn(first, 'student');
    const silent = await anotherProcess(null);
    try {
      const startedAt = Date.now();
      expect((await logOut(first, cookie)).statusCode).toBe(303);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(ACK_WAIT_MS - 5);
      expect((await holds(first, token)).statusCode).toBe(401);
    } finally {
      await silent.close();
    }
  });
});

describe('a server whose Redis does not answer', () => {
  it('keeps answering: every read is a miss from the source (rate limits are counted in the process)', async () => {
    // Port 1 refuses connections, as a Redis that is down does.
    const app = await createTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_API_PER_MINUTE: '10' },
    });
    apps.push(app);
    const { token } = await signIn(app, 'student');
    for (let i = 0; i < 3; i += 1) {
      const answer = await holds(app, token);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-cache']).toBe('miss');
    }
    const cleared = await app.inject({
      method: 'POST',
      url: '/api/cache/clear',
      headers: { authorization: `Token ${token}` },
    });
    expect(cleared.json()).toEqual({ cleared: 0 });
  });

  it('signs out at once: there is no process to wait for', async () => {
    const app = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    apps.push(app);
    const { cookie, token } = await signIn(app, 'student');
    const startedAt = Date.now();
    expect((await logOut(app, cookie)).statusCode).toBe(303);
    expect(Date.now() - startedAt).toBeLessThan(ACK_WAIT_MS);
    expect((await holds(app, token)).statusCode).toBe(401);
  });
});
