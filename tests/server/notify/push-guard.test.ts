import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { findPersona } from '../../../server/sis/personas.js';
import { FakePushService } from '../../fake-push/fake-push.js';
import { createTestApp } from '../helpers/app.js';

/** Every spelling the registration refuses (tests/server/routes/push/push-guard.routes.test.ts). */
const HOSTILE = [
  'https://127.0.0.1/push/a',
  'https://[::1]/push/a',
  'https://2130706433/push/a',
  'https://0x7f.1/push/a',
  'https://127.1/push/a',
  'https://[::ffff:127.0.0.1]/push/a',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/push/a',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://127.0.0.1:5432/',
  'https://127.0.0.1:6379/',
  'http://127.0.0.1/push/a',
  'https://localhost/push/a',
];

/**
 * The push endpoint rule at send time (issue 40): a device row that would not pass registration
 * today (written straight to the store, or registered before PUSH_SERVICE_HOSTS changed) is never
 * POSTed to, and a push service that never answers fails within PUSH_TIMEOUT_MS.
 */
describe('push sends reach only push services', { timeout: 60_000 }, () => {
  let push: FakePushService;
  /** A host that accepts TCP connections and never says a word. */
  let tarpit: Server;
  const held = new Set<Socket>();
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    push = await FakePushService.start();
    tarpit = createServer((socket) => {
      held.add(socket);
      socket.on('close', () => held.delete(socket));
    });
    await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await push.close();
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => tarpit.close(resolve));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    push.received.length = 0;
  });

  async function portal(env: Record<string, string> = {}) {
    const a = await createTestApp({
      env: { PUSH_SERVICE_HOSTS: push.host, ...env },
      notify: { pushAgent: push.agent() },
    });
    app = a;
    return a;
  }

  /** A device row written straight to the store and an alert job for it; resolves to the job's key. */
  async function plant(a: FastifyInstance, endpoint: string) {
    const now = new Date();
    const user = await a.repositories.users.upsertFromPersona(findPersona('student'), now);
    const { keys } = push.device().subscription;
    const id = await a.repositories.pushSubscriptions.save(user.id, { endpoint, ...keys }, now);
    const key = `alert:a-${id}:push:${id}`;
    const payload = {
      kind: 'alert',
      alertId: `a-${id}`,
      subscriptionId: id,
      title: 'Hi',
      body: '',
    };
    await a.notify.jobs.enqueue(
      {
        idempotencyKey: key,
        channel: 'push',
        kind: 'alert',
        topic: 'alerts',
        userId: user.id,
        payload,
        runAt: now,
      },
      now,
    );
    return key;
  }

  it('a planted device at any refused address gets nothing: each job is dropped with the reason, nothing is counted against the device', async () => {
    const a = await portal({ PUSH_SERVICE_HOSTS: `${push.host},localhost,127.0.0.1` });
    const keys = [];
    for (const endpoint of HOSTILE) keys.push([endpoint, await plant(a, endpoint)] as const);
    // A device at the very push service, but by a name (and so a host:port) not listed.
    const byName = `https://localhost:${push.host.split(':')[1]}/push/${push.device().id}`;
    keys.push([byName, await plant(a, byName)]);
    await a.notify.tick();

    expect(push.received).toEqual([]);
    for (const [endpoint, key] of keys) {
      const job = await a.notify.jobs.byKey(key);
      expect([endpoint, job?.state]).toEqual([endpoint, 'dropped']);
      expect(job?.last_error).toMatch(/^push endpoint refused: /);
    }
    const devices = await a.database.db
      .selectFrom('push_subscriptions')
      .select('failures')
      .execute();
    expect(devices.every((d) => d.failures === 0)).toBe(true);
  });

  it('a device that passed registration is refused at send once PUSH_SERVICE_HOSTS no longer names its service', async () => {
    const a = await portal({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com' });
    const key = await plant(a, push.device().subscription.endpoint);
    await a.notify.tick();
    expect(push.received).toEqual([]);
    expect(await a.notify.jobs.byKey(key)).toMatchObject({ state: 'dropped' });
  });

  it('a push service that accepts the connection and never answers fails within PUSH_TIMEOUT_MS, and the job is retried later', async () => {
    const tarpitHost = `127.0.0.1:${(tarpit.address() as AddressInfo).port}`;
    const a = await portal({
      PUSH_SERVICE_HOSTS: `${push.host},${tarpitHost}`,
      PUSH_TIMEOUT_MS: '300',
    });
    const key = await plant(a, `https://${tarpitHost}/push/slow`);
    await a.notify.tick();
    const job = await a.notify.jobs.byKey(key);
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    expect(job?.last_error).toBe('no answer from the push service within 300 ms');
    expect(held.size).toBeGreaterThan(0);
  });

  it('a redirect from a push service is not followed: the job fails and is retried, nothing reaches the address it names', async () => {
    const a = await portal();
    const elsewhere = push.device();
    const redirecting = push.device();
    push.answer(redirecting.id, 307, elsewhere.subscription.endpoint);
    const key = await plant(a, redirecting.subscription.endpoint);
    await a.notify.tick();
    expect(push.received).toEqual([]);
    const job = await a.notify.jobs.byKey(key);
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    expect(job?.last_error).toMatch(/^push service answered 307/);
  });
});
