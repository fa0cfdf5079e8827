import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantListSchema, grantSchema } from '../../../../contract/grants.schema.js';
import { userSchema } from '../../../../contract/user.schema.js';
import { MEMO_MS, csrfFor } from '../../../../server/plugins/app/session.js';
import { createTestApp, signIn } from '../../helpers/app.js';

type Persona = Parameters<typeof signIn>[1];

/** A browser's credentials for cookie-authenticated changes: session cookie and CSRF token. */
async function browserOf(app: FastifyInstance, persona: Persona) {
  const { cookie, token } = await signIn(app, persona);
  const csrf = csrfFor(cookie.slice('portal_session='.length));
  return { cookie, token, headers: { cookie, 'x-csrf-token': csrf } };
}

describe('grants API (superusers only)', () => {
  let app: FastifyInstance;
  let root: Awaited<ReturnType<typeof browserOf>>;
  /** The app's clock runs ahead of the wall clock by this much: a test moves it instead of sleeping. */
  let ahead = 0;
  const pastTheSessionMemo = () => {
    ahead += MEMO_MS + 100;
  };

  beforeEach(async () => {
    ahead = 0;
    app = await createTestApp({ clock: () => new Date(Date.now() + ahead) });
    // The first superuser comes from the provider's superuser group; here, a grant made directly.
    await app.repositories.grants.put('mchen', 'superuser', null, new Date());
    root = await browserOf(app, 'staff');
  });
  afterEach(async () => app.close());

  it('a superuser grants a right, lists it, and revokes it; each change is audited', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/api/admin/grants/kparker/staff',
      headers: root.headers,
    });
    expect(put.statusCode).toBe(200);
    expect(grantSchema.parse(put.json())).toMatchObject({
      username: 'kparker',
      right: 'staff',
      granted_by: 'mchen',
    });
    const list = await app.inject({ url: '/api/admin/grants', headers: root.headers });
    expect(grantListSchema.parse(list.json()).map((g) => `${g.username}:${g.right}`)).toEqual([
      'kparker:staff',
      'mchen:superuser',
    ]);
    const only = await app.inject({
      url: '/api/admin/grants?username=kparker',
      headers: root.headers,
    });
    expect(grantListSchema.parse(only.json())).toHaveLength(1);
    const del = await app.inject({
      method: 'DELETE',
      url: '/api/admin/grants/kparker/staff',
      headers: root.headers,
    });
    expect(del.statusCode).toBe(204);
    const again = await app.inject({
      method: 'DELETE',
      url: '/api/admin/grants/kparker/staff',
      headers: root.headers,
    });
    expect(again.statusCode).toBe(404);
    const actions = (await app.repositories.audit.latest(5)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['admin.grant', 'admin.revoke']));
  });

  it('granting demo to a signed-in person applies at once, and revoking takes it away', async () => {
    const student = await browserOf(app, 'new-student');
    await app.repositories.grants.delete('jokafor', 'demo');
    const user = async () =>
      userSchema.parse(
        (await app.inject({ url: '/api/users/user', headers: { cookie: student.cookie } })).json(),
      );
    await app.inject({
      method: 'PUT',
      url: '/api/admin/grants/jokafor/demo',
      headers: root.headers,
    });
    pastTheSessionMemo();
    expect((await user()).can_use_demo).toBe(true);
    await app.inject({
      method: 'DELETE',
      url: '/api/admin/grants/jokafor/demo',
      headers: root.headers,
    });
    pastTheSessionMemo();
    expect((await user()).can_use_demo).toBe(false);
  });

  it.each(['student', 'staff'] as const)(
    'the grants API answers 403 to a %s who is not a superuser',
    async (persona) => {
      await app.repositories.grants.delete('mchen', 'superuser');
      const other = await browserOf(app, persona);
      for (const [method, url] of [
        ['GET', '/api/admin/grants'],
        ['PUT', '/api/admin/grants/x/staff'],
        ['DELETE', '/api/admin/grants/x/staff'],
      ] as const) {
        const answer = await app.inject({ method, url, headers: other.headers });
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toHaveProperty('detail');
      }
    },
  );

  it.each(['admin%E2%80%AEnimda', 'kp%E2%81%A7arker%E2%81%A9', 'kparker%E2%80%8F'])(
    'the API refuses a username with a bidirectional control (%s) with 400',
    async (encoded) => {
      const put = await app.inject({
        method: 'PUT',
        url: `/api/admin/grants/${encoded}/staff`,
        headers: root.headers,
      });
      expect(put.statusCode).toBe(400);
      expect(String(put.json<{ detail: string }>().detail)).toMatch(/bidirectional/);
    },
  );

  it('a change without the CSRF token, or from another origin, is refused with 403', async () => {
    const bare = await app.inject({
      method: 'PUT',
      url: '/api/admin/grants/kparker/staff',
      headers: { cookie: root.cookie },
    });
    expect(bare.statusCode).toBe(403);
    const foreign = await app.inject({
      method: 'PUT',
      url: '/api/admin/grants/kparker/staff',
      headers: { ...root.headers, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await app.repositories.grants.list('kparker')).toEqual([]);
  });

  it.each(['a'.repeat(150), 'é'.repeat(150)])(
    'grants and revokes any username the provider can give, up to 150 characters (%#)',
    async (username) => {
      const url = `/api/admin/grants/${encodeURIComponent(username)}/demo`;
      const put = await app.inject({ method: 'PUT', url, headers: root.headers });
      expect(put.statusCode).toBe(200);
      const gone = await app.inject({ method: 'DELETE', url, headers: root.headers });
      expect(gone.statusCode).toBe(204);
    },
  );

  it.each(['a%20b', 'x/y', 'a'.repeat(151)])(
    'refuses a username that is not one (%s) and an unknown right with 400 JSON',
    async (username) => {
      const answer = await app.inject({
        method: 'PUT',
        url: `/api/admin/grants/${username}/staff`,
        headers: root.headers,
      });
      expect([400, 404, 414]).toContain(answer.statusCode);
      expect(answer.json()).toHaveProperty('detail');
      const right = await app.inject({
        method: 'PUT',
        url: '/api/admin/grants/kparker/owner',
        headers: root.headers,
      });
      expect(right.statusCode).toBe(400);
    },
  );
});
