import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesSchema } from '../../../contract/preferences.schema.js';
import { userSchema } from '../../../contract/user.schema.js';
import { csrfFor } from '../../../server/plugins/app/session.js';
import { Jar, startProcess } from './portal-process.js';
import type { PortalProcess } from './portal-process.js';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (process.env.CI === 'true' && (!databaseUrl || !redisUrl)) {
  throw new Error('CI=true: the two-process suite needs DATABASE_URL and REDIS_URL.');
}
const API_PER_MINUTE = 30;

describe.skipIf(!databaseUrl || !redisUrl)(
  'two server processes behind one address (PostgreSQL and Redis shared)',
  () => {
    // A database of its own: the server works in the default schema, where Kysely keeps its own tables.
    const database = `${new URL(databaseUrl ?? 'postgres://x/portal').pathname.slice(1)}_processes_${randomBytes(4).toString('hex')}`;
    let a: PortalProcess;
    let b: PortalProcess;
    let processDatabaseUrl = '';

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${database}"`);
      await admin.end();
      const url = new URL(databaseUrl ?? '');
      url.pathname = `/${database}`;
      processDatabaseUrl = url.toString();
      const env = {
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl ?? '',
        REDIS_KEY_PREFIX: `portal-test:processes:${randomBytes(6).toString('hex')}:`,
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        RATE_LIMIT_API_PER_MINUTE: String(API_PER_MINUTE),
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
      };
      // One after the other: both would otherwise run the migrations at once.
      a = await startProcess(env);
      b = await startProcess(env);
    }, 60_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
    });

    /** The sign-in page from `page`, the form posted to `post`: a load balancer may do just that. */
    async function signIn(page: PortalProcess, post: PortalProcess, persona = 'student') {
      const jar = new Jar();
      const form = await fetch(`${page.base}/auth/login?next=%2F`);
      jar.take(form);
      const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
      const signedIn = await fetch(`${post.base}/auth/demo-sign-in`, {
        method: 'POST',
        body: new URLSearchParams({ persona, next: '/', csrf }),
        redirect: 'manual',
        headers: { cookie: jar.header, origin: post.base },
      });
      expect(signedIn.status).toBe(303);
      jar.take(signedIn);
      const user = await fetch(`${page.base}/api/users/user`, { headers: { cookie: jar.header } });
      expect(user.status).toBe(200);
      const token = userSchema.parse(await user.json()).auth_token;
      return { jar, headers: { authorization: `Token ${token}` } };
    }

    const holds = (to: PortalProcess, headers: Record<string, string>) =>
      fetch(`${to.base}/api/integrations/finti/holds`, { headers });

    it('a sign-in begun on one process and finished on the other works on both', async () => {
      const { headers } = await signIn(a, b);
      expect((await holds(a, headers)).status).toBe(200);
      expect((await holds(b, headers)).status).toBe(200);
    });

    it('a sign-out on one process is refused by the other at once, though it had just checked the session', async () => {
      for (let round = 0; round < 5; round += 1) {
        const { jar, headers } = await signIn(a, a);
        // The other process now remembers the session as checked.
        expect((await holds(b, headers)).status).toBe(200);
        // The apps' "Log out" form: a POST of the session's CSRF token.
        const sessionId = /portal_session=([^;]+)/.exec(jar.header)?.[1] ?? '';
        const out = await fetch(`${a.base}/auth/logout`, {
          method: 'POST',
          headers: {
            cookie: jar.header,
            'content-type': 'application/x-www-form-urlencoded',
            origin: a.base,
          },
          body: new URLSearchParams({ csrf: csrfFor(sessionId) }).toString(),
          redirect: 'manual',
        });
        expect(out.status).toBe(303);
        expect((await holds(b, headers)).status).toBe(401);
        const user = await fetch(`${b.base}/api/users/user`, { headers: { cookie: jar.header } });
        expect(user.status).toBe(401);
      }
    });

    it('rate limits count the calls made to both processes together', async () => {
      const { headers } = await signIn(a, a);
      const answers: number[] = [];
      for (let i = 0; i < API_PER_MINUTE + 2; i += 1) {
        answers.push((await holds(i % 2 === 0 ? a : b, headers)).status);
      }
      // The sign-in's own user call counted too.
      expect(answers.filter((s) => s === 200).length).toBe(API_PER_MINUTE - 1);
      expect(answers.slice(-2)).toEqual([429, 429]);
    });

    it('an answer one process fetched from the SIS is a cache hit on the other', async () => {
      const { headers } = await signIn(a, a);
      const clear = await fetch(`${a.base}/api/cache/clear`, { method: 'POST', headers });
      expect(clear.status).toBe(200);
      expect((await holds(a, headers)).headers.get('x-cache')).toBe('miss');
      expect((await holds(b, headers)).headers.get('x-cache')).toBe('hit');
    });

    it('a preference saved through one process is read through the other', async () => {
      const { headers } = await signIn(a, b);
      const read = async (from: PortalProcess) =>
        preferencesSchema.parse(
          await (await fetch(`${from.base}/api/preferences/user`, { headers })).json(),
        );
      const before = await read(b);
      const saved = await fetch(`${a.base}/api/preferences/${before.pk}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ contact_by_email: !before.contact_by_email }),
      });
      expect(saved.status).toBe(200);
      expect((await read(b)).contact_by_email).toBe(!before.contact_by_email);
    });

    it('a right revoked through one process is refused by the other before the revocation answers', async () => {
      const store = new pg.Client({ connectionString: processDatabaseUrl });
      await store.connect();
      try {
        await store.query(
          `INSERT INTO grants (username, "right", granted_by, granted_at) VALUES
             ('mchen', 'superuser', NULL, $1), ('rpatel', 'staff', NULL, $1)
           ON CONFLICT DO NOTHING`,
          [new Date().toISOString()],
        );
      } finally {
        await store.end();
      }
      const root = await signIn(a, a, 'staff');
      const staff = await signIn(b, b, 'faculty');
      const user = async () => {
        const answer = await fetch(`${b.base}/api/users/user`, {
          headers: { cookie: staff.jar.header },
        });
        expect(answer.status).toBe(200);
        return userSchema.parse(await answer.json());
      };
      const admin = () => fetch(`${b.base}/admin`, { headers: { cookie: staff.jar.header } });
      // Process b has just checked the session and its rights.
      expect((await admin()).status).toBe(200);
      expect((await user()).is_staff).toBe(true);
      const revoked = await fetch(`${a.base}/api/admin/grants/rpatel/staff`, {
        method: 'DELETE',
        headers: {
          cookie: root.jar.header,
          origin: a.base,
          'x-csrf-token': root.jar.get('portal_csrf') ?? '',
        },
      });
      expect(revoked.status).toBe(204);
      expect((await admin()).status).toBe(403);
      expect((await user()).is_staff).toBe(false);
    });
  },
);
