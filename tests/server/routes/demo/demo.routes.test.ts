import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageSchema } from '../../../../contract/content.schema.js';
import { demoStateSchema } from '../../../../contract/demo.schema.js';
import { userProfileListSchema } from '../../../../contract/profile.schema.js';
import { userSchema } from '../../../../contract/user.schema.js';
import type { PersonaId } from '../../../../contract/persona.schema.js';
import { DEMO_COOKIE, DEMO_MESSAGE_COOKIE } from '../../../../server/demo/demo-mode.js';
import { DEMO_NINE_NUMBER } from '../../../../server/demo/demo-sis.js';
import { csrfFor } from '../../../../server/plugins/app/session.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const now = new Date('2025-03-10T17:00:00.000Z');

async function post(app: FastifyInstance, persona: PersonaId, active: boolean, csrf = true) {
  const { cookie } = await signIn(app, persona);
  const sessionId = cookie.split('=')[1] ?? '';
  return {
    cookie,
    response: await app.inject({
      method: 'POST',
      url: '/api/demo-state',
      headers: {
        cookie: `${cookie}; portal_csrf=${csrfFor(sessionId)}`,
        ...(csrf ? { 'x-csrf-token': csrfFor(sessionId) } : {}),
      },
      payload: { active },
    }),
  };
}

describe('POST /api/demo-state', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp({ clock: () => now });
  });
  afterEach(async () => app.close());

  it('sets the demo and demo-message cookies for 1 hour when starting', async () => {
    const { response } = await post(app, 'student', true);
    expect(response.statusCode).toBe(200);
    expect(demoStateSchema.parse(response.json())).toEqual({ active: true });
    for (const name of [DEMO_COOKIE, DEMO_MESSAGE_COOKIE]) {
      const cookie = response.cookies.find((c) => c.name === name);
      expect(cookie).toMatchObject({ value: '1', maxAge: 3600, path: '/' });
      expect(cookie?.expires?.toISOString()).toBe('2025-03-10T18:00:00.000Z');
    }
  });

  it('clears both cookies when ending', async () => {
    const { response } = await post(app, 'student', false);
    expect(response.statusCode).toBe(200);
    for (const name of [DEMO_COOKIE, DEMO_MESSAGE_COOKIE]) {
      const cookie = response.cookies.find((c) => c.name === name);
      expect(cookie?.value).toBe('');
      expect(cookie?.expires?.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('records starting and ending demo mode in the audit log, with who did it', async () => {
    await post(app, 'student', true);
    await post(app, 'student', false);
    const entries = await app.repositories.audit.latest(10);
    const demo = entries.filter((e) => e.action.startsWith('demo.'));
    expect(demo.map((e) => [e.action, e.username])).toEqual([
      ['demo.end', 'avalencia'],
      ['demo.start', 'avalencia'],
    ]);
  });

  it('refuses a change without the CSRF token', async () => {
    const { response } = await post(app, 'student', true, false);
    expect(response.statusCode).toBe(403);
  });

  it('refuses a signed-out caller', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/demo-state',
      payload: { active: true },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const { cookie } = await signIn(app, 'student');
    const sessionId = cookie.split('=')[1] ?? '';
    const response = await app.inject({
      method: 'POST',
      url: '/api/demo-state',
      headers: { cookie, 'x-csrf-token': csrfFor(sessionId) },
      payload: { active: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/^active: /);
  });
});

describe('GET /api/users/user while demo mode is on', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(async () => app.close());

  it('answers the demo student, with the session token so other calls still work', async () => {
    const { cookie, token } = await signIn(app, 'staff');
    const response = await app.inject({
      url: '/api/users/user',
      headers: { cookie: `${cookie}; ${DEMO_COOKIE}=1` },
    });
    const user = userSchema.parse(response.json());
    expect(user).toMatchObject({
      first_name: 'Demo',
      primary_role: 'student',
      can_use_demo: true,
      is_staff: false,
      auth_token: token,
    });
    expect(user.photo).toMatch(/^data:image\//);
  });

  it('shows the demo content in demo mode, its bodies through the sanitiser, the same on every read', async () => {
    const { cookie, token } = await signIn(app, 'staff');
    const read = async () =>
      pageSchema.parse(
        (
          await app.inject({
            url: '/api/pages?path=%2F',
            headers: { cookie: `${cookie}; ${DEMO_COOKIE}=1`, authorization: `Token ${token}` },
          })
        ).json(),
      );
    const first = await read();
    const hero = first.posts.find((p) => p.slug === 'demo-welcome');
    expect(hero?.body).toBe(
      '<p>Everything you see is sample data: click around, nothing is saved.</p>',
    );
    expect((await read()).posts.map((p) => p.body)).toEqual(first.posts.map((p) => p.body));
  });

  it('answers the real user again once the demo cookie is gone', async () => {
    const { cookie } = await signIn(app, 'staff');
    const user = userSchema.parse(
      (await app.inject({ url: '/api/users/user', headers: { cookie } })).json(),
    );
    expect(user).toMatchObject({ username: 'mchen', is_staff: true });
  });
});

describe('demo data and the demo right', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(async () => app.close());

  it('serves demo data only to someone holding the demo right (portal.md §4: the toggle only for can_use_demo): a hand-set portal_demo=1 cookie shows anyone else their own data', async () => {
    await app.repositories.grants.put('mchen', 'superuser', null, new Date());
    const root = await signIn(app, 'staff');
    const rootCsrf = csrfFor(root.cookie.split('=')[1] ?? '');
    // The student's demo right comes from a grant, then is revoked while the demo cookie stays.
    await app.repositories.grants.put('avalencia', 'demo', null, new Date());
    const { response, cookie } = await post(app, 'student', true);
    expect(response.statusCode).toBe(200);
    const { auth_token: token } = userSchema.parse(
      (await app.inject({ url: '/api/users/user', headers: { cookie } })).json(),
    );
    const demoCookie = `${cookie}; ${DEMO_COOKIE}=1`;
    const userNow = async () =>
      userSchema.parse(
        (await app.inject({ url: '/api/users/user', headers: { cookie: demoCookie } })).json(),
      );
    const profileNow = async () =>
      userProfileListSchema.parse(
        (
          await app.inject({
            url: '/api/psu_user_profile',
            headers: { cookie: demoCookie, authorization: `Token ${token}` },
          })
        ).json(),
      )[0];
    expect((await userNow()).first_name).toBe('Demo');
    expect((await profileNow())?.nine_number).toBe(DEMO_NINE_NUMBER);

    const revoked = await app.inject({
      method: 'DELETE',
      url: '/api/admin/grants/avalencia/demo',
      headers: { cookie: root.cookie, 'x-csrf-token': rootCsrf },
    });
    expect(revoked.statusCode).toBe(204);
    expect(await userNow()).toMatchObject({ username: 'avalencia', can_use_demo: false });
    expect((await profileNow())?.nine_number).not.toBe(DEMO_NINE_NUMBER);
  });
});
