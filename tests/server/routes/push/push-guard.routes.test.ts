import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorSchema } from '../../../../contract/error.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const P256DH =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const OTHER_P256DH = `${P256DH.slice(0, -1)}A`;
const AUTH = 'tBHItJI5svbpez7KI4CCXg';
const device = (endpoint: string, p256dh = P256DH) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh, auth: AUTH },
});

/** A campus configuration file with these settings (the rest default). */
function campusFile(settings: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'portal-campus-')), 'campus.json');
  writeFileSync(file, JSON.stringify(settings));
  return file;
}

// Every spelling of this machine, the campus network and the cloud metadata service a signed-in
// person could hand the server as their device's push endpoint (issue 40).
const HOSTILE = [
  'https://127.0.0.1/push/a',
  'https://[::1]/push/a',
  'https://2130706433/push/a',
  'https://0x7f.1/push/a',
  'https://127.1/push/a',
  'https://[::ffff:127.0.0.1]/push/a',
  'https://[::ffff:7f00:1]/push/a',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/push/a',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://127.0.0.1:5432/',
  'https://127.0.0.1:6379/',
  'https://localhost/push/a',
];

describe('push endpoints a device may register (POST /api/push/subscriptions)', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  const post = (token: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { authorization: `Token ${token}` },
      payload,
    });
  const rows = () =>
    app.database.db.selectFrom('push_subscriptions').selectAll().orderBy('id').execute();

  it.each(HOSTILE)(
    'with the default push services, %s is refused with 400 saying it is no push service',
    async (endpoint) => {
      app = await createTestApp();
      const { token } = await signIn(app, 'student');
      const answer = await post(token, device(endpoint));
      expect(answer.statusCode).toBe(400);
      expect(errorSchema.parse(answer.json()).detail).toMatch(
        /^Notifications cannot be sent here: .* is not a push service this portal sends to\.$/,
      );
      expect(await rows()).toEqual([]);
    },
  );

  it.each(HOSTILE)(
    'even with its host named in PUSH_SERVICE_HOSTS (without a port), %s is refused with 400',
    async (endpoint) => {
      app = await createTestApp({
        env: {
          PUSH_SERVICE_HOSTS:
            '127.0.0.1,[::1],[::ffff:127.0.0.1],169.254.169.254,10.0.0.1,metadata.google.internal,localhost',
        },
      });
      const { token } = await signIn(app, 'student');
      const answer = await post(token, device(endpoint));
      expect(answer.statusCode).toBe(400);
      // A port other than 443 is not listed; every listed host is refused for its address (the
      // metadata name, off a cloud, resolves nowhere: refused too).
      const { port, hostname } = new URL(endpoint);
      expect(errorSchema.parse(answer.json()).detail).toMatch(
        port
          ? / is not a push service this portal sends to\.$/
          : hostname === 'metadata.google.internal'
            ? /is not a public address of a push service|could not be found/
            : / is not a public address of a push service\.$/,
      );
      expect(await rows()).toEqual([]);
    },
  );

  it('an http:// endpoint is refused with 400 and a detail', async () => {
    app = await createTestApp({ env: { PUSH_SERVICE_HOSTS: '127.0.0.1:8443' } });
    const { token } = await signIn(app, 'student');
    const answer = await post(token, device('http://127.0.0.1:8443/push/a'));
    expect(answer.statusCode).toBe(400);
    expect(errorSchema.parse(answer.json()).detail).toMatch(/https/);
    expect(await rows()).toEqual([]);
  });

  it('the exact host:port named in PUSH_SERVICE_HOSTS is allowed on loopback, in any spelling, kept as the URL parser writes it', async () => {
    app = await createTestApp({ env: { PUSH_SERVICE_HOSTS: '127.0.0.1:8443' } });
    const { token } = await signIn(app, 'student');
    expect((await post(token, device('https://0x7f.1:8443/push/a'))).json()).toEqual({
      subscribed: true,
    });
    expect((await rows()).map((r) => r.endpoint)).toEqual(['https://127.0.0.1:8443/push/a']);
    const other = await post(token, device('https://127.0.0.1:8444/push/a'));
    expect(other.statusCode).toBe(400);
    const off = await app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { authorization: `Token ${token}` },
      payload: { endpoint: 'https://0x7f.1:8443/push/a' },
    });
    expect(off.json()).toEqual({ subscribed: false });
    expect(await rows()).toEqual([]);
  });

  it('a person has at most 10 devices by default: the 11th replaces their oldest, and no one else loses one', async () => {
    app = await createTestApp({ env: { PUSH_SERVICE_HOSTS: '127.0.0.1:8443' } });
    const student = await signIn(app, 'student');
    const staff = await signIn(app, 'staff');
    await post(staff.token, device('https://127.0.0.1:8443/push/staff'));
    for (let i = 1; i <= 11; i += 1) {
      const answer = await post(student.token, device(`https://127.0.0.1:8443/push/${i}`));
      expect(answer.json()).toEqual({ subscribed: true });
    }
    const kept = (await rows()).map((r) => r.endpoint.replace('https://127.0.0.1:8443/push/', ''));
    expect(kept).toEqual(['staff', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
  });

  it('the cap is the campus configuration’s push.maxDevicesPerPerson; subscribing a device again makes it the newest', async () => {
    app = await createTestApp({
      env: {
        PUSH_SERVICE_HOSTS: '127.0.0.1:8443',
        CAMPUS_CONFIG: campusFile({ push: { maxDevicesPerPerson: 2 } }),
      },
    });
    const { token } = await signIn(app, 'student');
    await post(token, device('https://127.0.0.1:8443/push/phone'));
    await post(token, device('https://127.0.0.1:8443/push/laptop'));
    // The phone subscribes again (new keys): it is now the newest, the laptop the oldest.
    await new Promise((r) => setTimeout(r, 5));
    await post(token, device('https://127.0.0.1:8443/push/phone', OTHER_P256DH));
    await new Promise((r) => setTimeout(r, 5));
    await post(token, device('https://127.0.0.1:8443/push/tablet'));
    const kept = (await rows()).map((r) => [r.endpoint.split('/').at(-1), r.p256dh]);
    expect(kept).toEqual([
      ['phone', OTHER_P256DH],
      ['tablet', P256DH],
    ]);
  });

  it('an endpoint another person registered is not taken over: 409 with a detail, their row unchanged', async () => {
    app = await createTestApp({ env: { PUSH_SERVICE_HOSTS: '127.0.0.1:8443' } });
    const student = await signIn(app, 'student');
    const staff = await signIn(app, 'staff');
    const endpoint = 'https://127.0.0.1:8443/push/shared';
    await post(student.token, device(endpoint));
    const before = await rows();

    const answer = await post(staff.token, device(endpoint, OTHER_P256DH));
    expect(answer.statusCode).toBe(409);
    expect(errorSchema.parse(answer.json()).detail).toMatch(
      /already gets notifications for another person\. They turn notifications off/,
    );
    expect(await rows()).toEqual(before);

    // Once the owner turns it off on that browser, the other person can turn it on.
    await app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { authorization: `Token ${student.token}` },
      payload: { endpoint },
    });
    expect((await post(staff.token, device(endpoint, OTHER_P256DH))).statusCode).toBe(200);
    expect((await rows()).map((r) => r.p256dh)).toEqual([OTHER_P256DH]);
  });
});
