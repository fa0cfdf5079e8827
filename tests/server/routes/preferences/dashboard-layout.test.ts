import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import { preferencesSchema } from '../../../../contract/preferences.schema.js';
import type { Preferences } from '../../../../contract/preferences.schema.js';
import { userSchema } from '../../../../contract/user.schema.js';
import { DEMO_COOKIE } from '../../../../server/demo/demo-mode.js';
import { repositoryStores } from '../../db/stores.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const layout = { order: ['event-calendar', 'profile-summary'], hidden: ['whats-new'] };

describe.each(repositoryStores('dash_layout'))('the dashboard layout on $name', (store) => {
  let app: FastifyInstance;
  let person: { cookie: string; token: string };
  let mine: Preferences;
  const headers = (demo = false) => ({
    authorization: `Token ${person.token}`,
    ...(demo ? { cookie: `${person.cookie}; ${DEMO_COOKIE}=1` } : {}),
  });
  const put = (pk: number, payload: object, demo = false) =>
    app.inject({ method: 'PUT', url: `/api/preferences/${pk}`, headers: headers(demo), payload });
  const read = async (demo = false) =>
    preferencesSchema.parse(
      (await app.inject({ url: '/api/preferences/user', headers: headers(demo) })).json(),
    );

  beforeEach(async () => {
    app = await createTestApp({ database: await store.open() });
    person = await signIn(app, 'student');
    mine = await read();
  });
  afterEach(async () => app.close());

  it('a new person has no layout of their own: null is the role’s default', () => {
    expect(mine.dashboard_layout).toBeNull();
  });

  it('the layout is saved per person and follows them to the user record (another device)', async () => {
    const saved = await put(mine.pk, { dashboard_layout: layout });
    expect(saved.statusCode).toBe(200);
    expect(preferencesSchema.parse(saved.json()).dashboard_layout).toEqual(layout);
    expect((await read()).dashboard_layout).toEqual(layout);
    const other = await signIn(app, 'student');
    const user = await app.inject({ url: '/api/users/user', headers: { cookie: other.cookie } });
    expect(userSchema.parse(user.json()).preferences.dashboard_layout).toEqual(layout);
    const someoneElse = await signIn(app, 'new-student');
    const theirs = await app.inject({
      url: '/api/preferences/user',
      headers: { authorization: `Token ${someoneElse.token}` },
    });
    expect(preferencesSchema.parse(theirs.json()).dashboard_layout).toBeNull();
  });

  it('reset to default saves null', async () => {
    await put(mine.pk, { dashboard_layout: layout });
    expect((await put(mine.pk, { dashboard_layout: null })).statusCode).toBe(200);
    expect((await read()).dashboard_layout).toBeNull();
  });

  it.each([
    ['an unknown block', { order: ['weather'], hidden: [] }, {}],
    ['a block named twice', { order: ['video', 'video'], hidden: [] }, {}],
    ['a field that is not order or hidden', { order: [], hidden: [], pinned: [] }, {}],
    ['no hidden list', { order: [] }, {}],
    ['the layout with another field', { order: [], hidden: [] }, { contact_by_text: true }],
  ])('the layout is parsed strictly: %s is refused with 400', async (_, value, more) => {
    const response = await put(mine.pk, { dashboard_layout: value, ...more });
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail.length).toBeGreaterThan(0);
    expect((await read()).dashboard_layout).toBeNull();
  });

  it('mandatory blocks cannot be hidden: a layout hiding the holds (profile summary) is refused', async () => {
    const response = await put(mine.pk, {
      dashboard_layout: { order: [], hidden: ['profile-summary'] },
    });
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail).toBe(
      'dashboard_layout: Profile summary cannot be hidden',
    );
  });

  it('a block staff made mandatory cannot be hidden, and the API lists it', async () => {
    await app.repositories.dashboard.setMandatory(['event-calendar']);
    const blocks = await app.inject({ url: '/api/dashboard/blocks', headers: headers() });
    expect(blocks.json()).toEqual({ mandatory: ['profile-summary', 'event-calendar'] });
    const response = await put(mine.pk, {
      dashboard_layout: { order: [], hidden: ['video', 'event-calendar'] },
    });
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail).toBe(
      'dashboard_layout: Event Calendar cannot be hidden',
    );
    expect(
      (await put(mine.pk, { dashboard_layout: { order: [], hidden: ['video'] } })).statusCode,
    ).toBe(200);
    // The store outlives this case on PostgreSQL: the next cases meet no mandatory Events.
    await app.repositories.dashboard.setMandatory([]);
  });

  it('demo mode uses its own layout and never changes the real one', async () => {
    await put(mine.pk, { dashboard_layout: layout });
    const demoLayout = { order: ['video'], hidden: ['school-tools'] };
    expect((await read(true)).dashboard_layout).toBeNull();
    // The demo student's record (pk 0) keeps the layout arranged in demo mode…
    const saved = await put(0, { dashboard_layout: demoLayout }, true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(preferencesSchema.parse(saved.json())).toMatchObject({
      pk: 0,
      dashboard_layout: demoLayout,
    });
    expect((await read(true)).dashboard_layout).toEqual(demoLayout);
    const demoUser = await app.inject({
      url: '/api/users/user',
      headers: { cookie: `${person.cookie}; ${DEMO_COOKIE}=1` },
    });
    expect(userSchema.parse(demoUser.json()).preferences.dashboard_layout).toEqual(demoLayout);
    // …a layout sent to the real record while in demo mode is refused…
    expect((await put(mine.pk, { dashboard_layout: demoLayout }, true)).statusCode).toBe(404);
    // …and the real layout is as it was.
    expect((await read()).dashboard_layout).toEqual(layout);
  });

  it('outside demo mode there is no demo record, and demo mode keeps nothing but the layout', async () => {
    expect((await put(0, { dashboard_layout: layout })).statusCode).toBe(404);
    expect((await put(0, { contact_by_text: true }, true)).statusCode).toBe(400);
  });

  it('the dashboard blocks need a signed-in person', async () => {
    expect((await app.inject({ url: '/api/dashboard/blocks' })).statusCode).toBe(401);
  });
});
