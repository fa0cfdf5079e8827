import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pushKeyAnswerSchema } from '../../../../contract/push.schema.js';
import { loadConfig } from '../../../../server/config.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const P256DH =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';
/** The push service these tests name in PUSH_SERVICE_HOSTS (nothing is sent to it here). */
const PUSH_HOST = '127.0.0.1:8443';
const device = (endpoint = `https://${PUSH_HOST}/send/abc`) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: P256DH, auth: AUTH },
});

describe('the web push routes (GET /api/push/key, POST and DELETE /api/push/subscriptions)', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  const post = (token: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { authorization: `Token ${token}` },
      payload: payload as object,
    });

  it('answer 401 without a signed-in person', async () => {
    app = await createTestApp();
    expect((await app.inject({ url: '/api/push/key' })).statusCode).toBe(401);
    const body = { method: 'POST' as const, url: '/api/push/subscriptions', payload: device() };
    expect((await app.inject(body)).statusCode).toBe(401);
  });

  it('the key is the configured VAPID public key when one is given', async () => {
    const publicKey = P256DH;
    app = await createTestApp({
      env: { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'x'.repeat(43) },
    });
    const { token } = await signIn(app, 'student');
    const answer = await app.inject({
      url: '/api/push/key',
      headers: { authorization: `Token ${token}` },
    });
    expect(pushKeyAnswerSchema.parse(answer.json())).toEqual({ publicKey });
  });

  it('without a configured pair, a key is generated once and kept with the data', async () => {
    app = await createTestApp();
    const { token } = await signIn(app, 'student');
    const answer = await app.inject({
      url: '/api/push/key',
      headers: { authorization: `Token ${token}` },
    });
    const { publicKey } = pushKeyAnswerSchema.parse(answer.json());
    const kept = await app.database.db
      .selectFrom('notify_keys')
      .select('value')
      .where('name', '=', 'vapid-keys')
      .executeTakeFirstOrThrow();
    expect(kept.value.startsWith(`${publicKey}.`)).toBe(true);
  });

  it('compares endpoints in one canonical form: a fragment, an empty query or other percent-encoding is the same device, never a second one nor another person', async () => {
    app = await createTestApp({ env: { PUSH_SERVICE_HOSTS: PUSH_HOST } });
    const student = await signIn(app, 'student');
    const staff = await signIn(app, 'staff');
    expect((await post(student.token, device(`https://${PUSH_HOST}/send/abc`))).statusCode).toBe(
      200,
    );
    const spellings = [
      `https://${PUSH_HOST}/send/abc#x`,
      `https://${PUSH_HOST}/send/abc?`,
      `https://${PUSH_HOST}/send/abc?#`,
      `https://${PUSH_HOST}/send/%61%62c`,
      `https://${PUSH_HOST.toUpperCase()}/send/ab%63`,
    ];
    for (const endpoint of spellings) {
      expect((await post(staff.token, device(endpoint))).statusCode, endpoint).toBe(409);
      expect((await post(student.token, device(endpoint))).statusCode, endpoint).toBe(200);
    }
    const rows = await app.database.db.selectFrom('push_subscriptions').selectAll().execute();
    expect(rows.map((r) => r.endpoint)).toEqual([`https://${PUSH_HOST}/send/abc`]);
    // Turned off in any spelling, it is off.
    const off = await app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { authorization: `Token ${student.token}` },
      payload: { endpoint: `https://${PUSH_HOST}/send/%61bc#y` },
    });
    expect(off.statusCode).toBe(200);
    expect(await app.database.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual(
      [],
    );
  });

  it('a device subscribes once however often it posts, and DELETE turns it off for that person only', async () => {
    app = await createTestApp({ env: { PUSH_SERVICE_HOSTS: PUSH_HOST } });
    const student = await signIn(app, 'student');
    const staff = await signIn(app, 'staff');
    expect((await post(student.token, device())).json()).toEqual({ subscribed: true });
    expect((await post(student.token, device())).statusCode).toBe(200);
    const [row] = await app.database.db.selectFrom('push_subscriptions').selectAll().execute();
    expect(row).toMatchObject({ endpoint: device().endpoint, p256dh: P256DH, auth: AUTH });

    const remove = (token: string) =>
      app.inject({
        method: 'DELETE',
        url: '/api/push/subscriptions',
        headers: { authorization: `Token ${token}` },
        payload: { endpoint: device().endpoint },
      });
    expect((await remove(staff.token)).json()).toEqual({ subscribed: false });
    expect(
      await app.database.db.selectFrom('push_subscriptions').selectAll().execute(),
    ).toHaveLength(1);
    expect((await remove(student.token)).json()).toEqual({ subscribed: false });
    expect(await app.database.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual(
      [],
    );
  });

  it.each([
    ['an unknown field', { ...device(), extra: 1 }],
    ['an unknown key field', { ...device(), keys: { p256dh: P256DH, auth: AUTH, more: 'x' } }],
    ['an http endpoint', device(`http://${PUSH_HOST}/send/abc`)],
    ['an endpoint longer than 1000 characters', device(`https://${PUSH_HOST}/${'a'.repeat(1000)}`)],
    [
      'keys that are not base64url',
      { ...device(), keys: { p256dh: `${P256DH.slice(1)}+`, auth: AUTH } },
    ],
    ['an auth secret too short', { ...device(), keys: { p256dh: P256DH, auth: 'abc' } }],
    ['no keys', { endpoint: device().endpoint }],
  ])('a subscription with %s is refused with 400 and nothing is kept', async (_what, body) => {
    app = await createTestApp({ env: { PUSH_SERVICE_HOSTS: PUSH_HOST } });
    const { token } = await signIn(app, 'student');
    expect((await post(token, body)).statusCode).toBe(400);
    expect(await app.database.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual(
      [],
    );
  });
});

describe('the VAPID configuration', () => {
  it('refuses half a key pair', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: P256DH })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are one key pair/,
    );
  });
});
