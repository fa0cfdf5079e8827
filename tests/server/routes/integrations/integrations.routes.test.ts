import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';

describe('integration routes', () => {
  let app: FastifyInstance;
  let auth: { authorization: string };
  const get = (url: string, headers: Record<string, string> = auth) =>
    app.inject({ url: `/api/integrations/finti/${url}`, headers });
  const post = (url: string, payload?: object, headers = auth) =>
    app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

  beforeEach(async () => {
    app = await createTestApp();
    auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
  });
  afterEach(async () => app.close());

  it.each(['202605', '202600', '20264', '2026-04', 'fall', ''])(
    'refuses term "%s" with 400 JSON naming the term (four-digit year, 0, quarter 1-4)',
    async (term) => {
      const response = await get(`schedule?term=${term}`);
      expect(response.statusCode).toBe(400);
      expect(errorSchema.parse(response.json()).detail).toMatch(/^term: /);
    },
  );

  it('refuses a per-term read without a term', async () => {
    const response = await get('grades');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });

  it('refuses clear-cache of an unknown endpoint with 400 JSON', async () => {
    const response = await post('/api/integrations/finti/clear-cache', { endpoint: 'Holds' });
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail).toMatch(/^endpoint: /);
  });

  it('answers an integration it does not know with 404 JSON', async () => {
    const response = await get('transcripts');
    expect(response.statusCode).toBe(404);
    expect(errorSchema.parse(response.json()).detail.length).toBeGreaterThan(0);
  });

  it('clear-cache clears the named endpoint only', async () => {
    await get('contact-info');
    await get('holds');
    const cleared = await post('/api/integrations/finti/clear-cache', { endpoint: 'ContactInfo' });
    expect(cleared.json()).toEqual({ endpoint: 'ContactInfo', cleared: 1 });
    expect((await get('contact-info')).headers['x-cache']).toBe('miss');
    expect((await get('holds')).headers['x-cache']).toBe('hit');
  });

  it('POST /api/cache/clear clears all of this user’s entries and no one else’s', async () => {
    const other = { authorization: `Token ${(await signIn(app, 'staff')).token}` };
    await get('holds', other);
    await get('holds');
    await get('schedule?term=202604');
    await post('/api/users/roles');
    const response = await post('/api/cache/clear');
    // holds, schedule, roles, and the profile read behind the user call's ID photo.
    expect(response.json()).toEqual({ cleared: 4 });
    expect((await get('holds')).headers['x-cache']).toBe('miss');
    expect((await get('holds', other)).headers['x-cache']).toBe('hit');
  });

  it('DEPOSIT_INIT and DEPOSIT_CONFIRM collapse to DEPOSIT: dismissing one dismisses both', async () => {
    const newStudent = { authorization: `Token ${(await signIn(app, 'new-student')).token}` };
    await get('nudges', newStudent);
    const response = await post(
      '/api/integrations/finti/nudges',
      { nudge_type: 'DEPOSIT_INIT' },
      newStudent,
    );
    expect(response.json()).toEqual({ nudge_type: 'DEPOSIT' });
    const left = (await get('nudges', newStudent)).json<Array<{ nudge_type: string }>>();
    expect(left.map((n: { nudge_type: string }) => n.nudge_type)).toEqual(['APC']);
  });

  it('refuses an unknown nudge type with 400 JSON', async () => {
    const response = await post('/api/integrations/finti/nudges', { nudge_type: 'LUNCH' });
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail).toMatch(/^nudge_type: /);
  });

  it('answers from the demo sample while demo mode is on, bypassing the user’s cache', async () => {
    const demo = { ...auth, cookie: 'portal_demo=1' };
    const response = await get('person-info', demo);
    expect(response.json()).toMatchObject({ DISPLAY_NAME: 'Demo Student' });
    expect(response.headers['x-cache']).toBeUndefined();
    expect((await get('person-info')).json()).toMatchObject({ DISPLAY_NAME: 'Ana Valencia' });
    const nudges = (await get('nudges', demo)).json<Array<{ nudge_type: string }>>();
    expect(nudges.map((n: { nudge_type: string }) => n.nudge_type)).toEqual([
      'APC',
      'CONTACT_INFO',
      'EMERGENCY',
      'EVACUATION',
      'ALERT',
      'DEPOSIT_INIT',
    ]);
  });
});

describe('POST /api/users/roles', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('refreshes the stored roles from the SIS record', async () => {
    app = await createTestApp();
    const { token, cookie } = await signIn(app, 'faculty');
    await app.database.db
      .updateTable('users')
      .set({ primary_role: 'staff', other_roles: '[]' })
      .where('username', '=', 'rpatel')
      .execute();
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/roles',
      headers: { authorization: `Token ${token}` },
    });
    expect(response.json()).toEqual({ primary_role: 'faculty', other_roles: ['staff'] });
    const user: unknown = (
      await app.inject({ url: '/api/users/user', headers: { cookie } })
    ).json();
    expect(user).toMatchObject({ primary_role: 'faculty', other_roles: ['staff'] });
  });

  it('superusers skip the role refresh', async () => {
    app = await createTestApp();
    const { token } = await signIn(app, 'staff');
    await app.database.db
      .updateTable('users')
      .set({ is_superuser: 1, other_roles: '["advisor"]' })
      .where('username', '=', 'mchen')
      .execute();
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/roles',
      headers: { authorization: `Token ${token}` },
    });
    expect(response.json()).toEqual({ primary_role: 'staff', other_roles: ['advisor'] });
  });

  it('issue 87: a stored list naming a role twice is answered with each role once', async () => {
    app = await createTestApp();
    const { token } = await signIn(app, 'staff');
    const repeated = JSON.stringify([
      'advisor',
      'faculty',
      'advisor',
      ...Array<string>(6).fill('faculty'),
    ]);
    await app.database.db
      .updateTable('users')
      .set({ is_superuser: 1, other_roles: repeated })
      .where('username', '=', 'mchen')
      .execute();
    const roles = await app.inject({
      method: 'POST',
      url: '/api/users/roles',
      headers: { authorization: `Token ${token}` },
    });
    expect(roles.json()).toEqual({ primary_role: 'staff', other_roles: ['advisor', 'faculty'] });
    const stored = await app.repositories.users.findByUsername('mchen');
    expect(stored?.other_roles).toEqual(['advisor', 'faculty']);
    await app.repositories.users.setRoles(
      stored?.id ?? 0,
      { primary_role: 'staff', other_roles: ['advisor', 'advisor'] },
      new Date(),
    );
    const written = await app.database.db
      .selectFrom('users')
      .select('other_roles')
      .where('username', '=', 'mchen')
      .executeTakeFirst();
    expect(written?.other_roles).toBe('["advisor"]');
  });
});
