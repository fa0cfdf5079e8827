import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageSchema } from '../../../contract/content.schema.js';
import { messagePageSchema } from '../../../contract/messages.schema.js';
import { myNextStepsTaskListSchema } from '../../../contract/next-steps/mynextsteps.schema.js';
import { preferencesSchema } from '../../../contract/preferences.schema.js';
import { userProfileListSchema } from '../../../contract/profile.schema.js';
import { rolesSchema } from '../../../contract/roles.schema.js';
import { integrationAnswerSchemas } from '../../../contract/sis/integrations.schema.js';
import { demoUserTasks } from '../../../server/demo/tasks.js';
import { DEMO_COOKIE, DEMO_PREFERENCES_PK } from '../../../server/demo/demo-mode.js';
import { DEMO_NINE_NUMBER, demoPerson, demoSis } from '../../../server/demo/demo-sis.js';
import { authenticated } from '../../../server/plugins/authenticated.js';
import { SampleSis } from '../../../server/sis/sample-adapter.js';
import type { SisPort } from '../../../server/sis/port.js';
import { repositoryStores } from '../db/stores.js';
import { createTestApp, signIn } from '../helpers/app.js';

const now = new Date('2026-09-15T12:00:00.000Z');

/** The sample SIS, counting what reaches it: the live SIS adapter's only way out. */
function countingSis() {
  const sample = new SampleSis();
  const reached: string[] = [];
  const sis: SisPort = {
    read: (endpoint, person, term) => {
      reached.push(endpoint);
      return sample.read(endpoint, person, term);
    },
    dismissNudge: (person, code) => {
      reached.push(`dismiss:${code}`);
      return sample.dismissNudge(person, code);
    },
  };
  return { sis, reached };
}

describe.each(repositoryStores('data_src'))('each request’s adapters on $name', (store) => {
  let app: FastifyInstance;
  let reached: string[];
  let person: { cookie: string; token: string };
  /** What the probe route's handler saw of `request.adapters`. */
  let seen: Array<{ kinds: string[]; same: boolean; modeOnRequest: boolean }>;

  const headers = (demo: boolean) => ({
    authorization: `Token ${person.token}`,
    cookie: demo ? `${person.cookie}; ${DEMO_COOKIE}=1` : person.cookie,
  });
  const get = (url: string, demo: boolean) => app.inject({ url, headers: headers(demo) });

  beforeEach(async () => {
    const counting = countingSis();
    reached = counting.reached;
    seen = [];
    app = await createTestApp({
      database: await store.open(),
      sis: counting.sis,
      clock: () => now,
    });
    // A route as any other: its handler reads the person's holds from what it is handed.
    await app.register(
      authenticated({ by: 'token' }, async (scope) => {
        scope.get(
          '/api/test/adapters',
          { config: { access: { self: 'read', support: 'read', delegate: null } } },
          async (request) => {
            const adapters = request.adapters;
            seen.push({
              kinds: Object.keys(adapters).sort(),
              same: adapters === request.adapters,
              modeOnRequest: 'dataSource' in request,
            });
            return { holds: await adapters.sis.read('holds', null) };
          },
        );
      }),
    );
    await app.ready();
    person = await signIn(app, 'student');
    reached.length = 0;
  });
  afterEach(async () => app.close());

  it('SIS reads: the demo sample with demo mode on, never the person’s SIS; their own with it off', async () => {
    const demo = await get('/api/integrations/finti/holds', true);
    expect(demo.statusCode).toBe(200);
    expect(integrationAnswerSchemas.holds.parse(demo.json())).toEqual(
      await demoSis.read('holds', demoPerson),
    );
    expect(reached).toEqual([]);

    const live = await get('/api/integrations/finti/holds', false);
    expect(live.statusCode).toBe(200);
    expect(reached).toEqual(['holds']);
    expect(live.json()).not.toEqual(demo.json());
  });

  it('the person: the demo student’s university ID with demo mode on, their own with it off', async () => {
    const profile = async (demo: boolean) =>
      userProfileListSchema.parse((await get('/api/psu_user_profile', demo)).json())[0];
    expect((await profile(true))?.nine_number).toBe(DEMO_NINE_NUMBER);
    const own = await app.repositories.users.findByUsername('avalencia');
    expect((await profile(false))?.nine_number).toBe(own?.nine_number);
    expect(own?.nine_number).not.toBe(DEMO_NINE_NUMBER);
  });

  it('roles: demo mode keeps the stored roles without asking the SIS; off, the SIS is asked', async () => {
    const refresh = (demo: boolean) =>
      app.inject({ method: 'POST', url: '/api/users/roles', headers: headers(demo) });
    const demo = await refresh(true);
    expect(demo.statusCode).toBe(200);
    expect(rolesSchema.parse(demo.json()).primary_role).toBe('student');
    expect(reached).toEqual([]);
    expect((await refresh(false)).statusCode).toBe(200);
    expect(reached).toEqual(['roles']);
  });

  it('content: the demo set with demo mode on, the store’s with it off', async () => {
    const slugs = async (demo: boolean) =>
      pageSchema.parse((await get('/api/pages?path=%2F', demo)).json()).posts.map((p) => p.slug);
    expect(await slugs(true)).toContain('demo-welcome');
    expect(await slugs(false)).not.toContain('demo-welcome');
  });

  it('preferences: demo mode keeps the layout as the demo layout only; off, there is no demo record and the layout is the person’s own', async () => {
    const layout = { order: ['event-calendar', 'profile-summary'], hidden: ['whats-new'] };
    const put = (pk: number, demo: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/preferences/${pk}`,
        headers: headers(demo),
        payload: { dashboard_layout: layout },
      });
    const read = async (demo: boolean) =>
      preferencesSchema.parse((await get('/api/preferences/user', demo)).json());
    const own = await read(false);

    expect((await put(DEMO_PREFERENCES_PK, false)).statusCode).toBe(404);
    expect((await put(own.pk, true)).statusCode).toBe(404);
    expect((await put(DEMO_PREFERENCES_PK, true)).statusCode).toBe(200);
    expect((await read(true)).dashboard_layout).toEqual(layout);
    expect((await read(false)).dashboard_layout).toBeNull();
  });

  it('Next Steps tasks: the demo tasks with demo mode on, the person’s stored ones with it off', async () => {
    const ids = async (demo: boolean) =>
      myNextStepsTaskListSchema
        .parse((await get('/api/integrations/mynextsteps/tasks', demo)).json())
        .map((t) => t.id);
    const sample = demoUserTasks(0, now).map((t) => t.id);
    expect(await ids(true)).toEqual(expect.arrayContaining(sample));
    const own = await ids(false);
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((id) => sample.includes(id))).toEqual([]);
  });

  it('messages: the demo messages with demo mode on, the person’s own with it off', async () => {
    const titles = async (demo: boolean) =>
      messagePageSchema
        .parse((await get('/api/notifications/user', demo)).json())
        .messages.map((m) => m.title);
    expect(await titles(true)).toContain('Welcome to the demo');
    expect(await titles(false)).not.toContain('Welcome to the demo');
  });

  it('search: the store searched for the demo messages with demo mode on, the person’s own with it off', async () => {
    const search = vi.spyOn(app.repositories.search, 'search');
    expect((await get('/api/search?q=advisor', true)).statusCode).toBe(200);
    expect(search.mock.calls.at(-1)?.[3]).toEqual({ budgetMs: 250, demo: true, language: 'en' });
    expect((await get('/api/search?q=advisor', false)).statusCode).toBe(200);
    expect(search.mock.calls.at(-1)?.[3]).toEqual({ budgetMs: 250, language: 'en' });
  });

  it('a handler is handed one set of adapters, the same on every read, with no way to the other set or to the mode', async () => {
    const demo = await get('/api/test/adapters', true);
    expect(demo.json()).toEqual({ holds: await demoSis.read('holds', demoPerson) });
    expect(reached).toEqual([]);
    const live = await get('/api/test/adapters', false);
    expect(live.json()).not.toEqual(demo.json());
    expect(reached).toEqual(['holds']);
    const kinds = [
      'content',
      'messages',
      'person',
      'preferences',
      'roles',
      'search',
      'sis',
      'tasks',
    ];
    expect(seen).toEqual([
      { kinds, same: true, modeOnRequest: false },
      { kinds, same: true, modeOnRequest: false },
    ]);
  });
});
