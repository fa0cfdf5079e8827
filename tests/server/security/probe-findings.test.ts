import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PROVISIONAL_DETAIL } from '../../../contract/user.schema.js';
import { tokenFor } from '../../../server/plugins/app/session.js';
import { createTestApp, postDemoSignIn, sessionCookieOf, signIn } from '../helpers/app.js';
import { NOW, api, as } from '../routes/next-steps/helpers.js';

let app: FastifyInstance;
afterEach(async () => app.close());

const token = (t: string) => ({ authorization: `Token ${t}` });

describe('probe: strict ids', () => {
  it.each(['2147483648', '99999999999', '+1', '0x10', '%201', '1e1', '01', '1.0', '-1'])(
    'a path id %s is refused with 400 {detail}, never 500',
    async (id) => {
      app = await createTestApp({ clock: () => NOW });
      const student = await as(app, 'student');
      for (const answer of [
        await student.patch(`user_task/${id}/`, { starred: true }),
        await app.inject({
          method: 'PUT',
          url: `/api/preferences/${id}`,
          payload: { contact_by_email: true },
          headers: token(student.token),
        }),
        await student.get(`user_task/?published=True&task__id=${id}`),
      ]) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toHaveProperty('detail');
      }
    },
  );

  it('the largest PostgreSQL integer is still a valid id (answers 404, not 400 or 500)', async () => {
    app = await createTestApp({ clock: () => NOW });
    const student = await as(app, 'student');
    expect((await student.patch('user_task/2147483647/', { starred: true })).statusCode).toBe(404);
  });
});

describe('probe: dates', () => {
  it.each([
    '0000-01-01T00:00:00Z',
    '+010000-01-01T00:00:00Z',
    '1969-12-31T23:59:59Z',
    '2201-01-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-09-15',
  ])('a date %s is refused with 400: only real ISO-8601 instants in a sane range', async (date) => {
    app = await createTestApp({ clock: () => NOW });
    const student = await as(app, 'student');
    const [first] = await student.tasks();
    const answer = await student.patch(`user_task/${first!.id}/`, { completed_on: date });
    expect(answer.statusCode).toBe(400);
  });

  it('a real instant with an offset is taken and sent back in UTC', async () => {
    app = await createTestApp({ clock: () => NOW });
    const student = await as(app, 'student');
    const [first] = await student.tasks();
    const answer = await student.patch(`user_task/${first!.id}/`, {
      completed_on: '2026-09-15T14:00:00+02:00',
    });
    expect(answer.statusCode).toBe(200);
  });
});

describe('probe: strict bodies', () => {
  it('POST /api/demo-state, finti/nudges and finti/clear-cache refuse unknown fields with 400', async () => {
    app = await createTestApp();
    const { cookie, token: t } = await signIn(app, 'student');
    const csrf = (await import('../../../server/plugins/app/session.js')).csrfFor(
      cookie.slice('portal_session='.length),
    );
    const demo = await app.inject({
      method: 'POST',
      url: '/api/demo-state',
      payload: { active: true, admin: true },
      headers: { cookie, 'x-csrf-token': csrf },
    });
    const nudge = await app.inject({
      method: 'POST',
      url: '/api/integrations/finti/nudges',
      payload: { nudge_type: 'APC', extra: 1 },
      headers: token(t),
    });
    const clear = await app.inject({
      method: 'POST',
      url: '/api/integrations/finti/clear-cache',
      payload: { endpoint: 'ContactInfo', everyone: true },
      headers: token(t),
    });
    for (const answer of [demo, nudge, clear]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toHaveProperty('detail');
    }
  });
});

describe('probe: provisional accounts', () => {
  it('a provisional account gets 403 has_provisional_account on every token route, not only the user call', async () => {
    app = await createTestApp({ clock: () => NOW });
    const cookie = sessionCookieOf(await postDemoSignIn(app, 'provisional', { next: '/' }));
    // The token is derived from the session id the browser holds: its owner can work it out.
    const t = tokenFor(cookie.slice('portal_session='.length));
    for (const url of [
      '/api/preferences/user',
      '/api/integrations/finti/holds',
      api('user_task/?published=True'),
      '/api/integrations/mynextsteps/tasks',
    ]) {
      const answer = await app.inject({ url, headers: token(t) });
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json()).toEqual({ detail: PROVISIONAL_DETAIL });
    }
  });
});

describe('probe: drafts', () => {
  it('published=False answers 403 to a student and lists drafts only for staff', async () => {
    app = await createTestApp({ clock: () => NOW });
    const student = await as(app, 'student');
    expect((await student.get('user_task/?published=False')).statusCode).toBe(403);
    const staff = await as(app, 'staff');
    expect((await staff.get('user_task/?published=False')).statusCode).toBe(200);
  });
});

describe('probe: idle timeout', () => {
  it('SESSION_IDLE_MINUTES=1 keeps a session used every 50 seconds alive', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    app = await createTestApp({ clock: () => now, env: { SESSION_IDLE_MINUTES: '1' } });
    const { token: t } = await signIn(app, 'student');
    for (let step = 1; step <= 8; step += 1) {
      now = new Date(now.getTime() + 50_000);
      const answer = await app.inject({ url: '/api/preferences/user', headers: token(t) });
      expect(answer.statusCode, `after ${step * 50} s`).toBe(200);
    }
    now = new Date(now.getTime() + 61_000);
    expect((await app.inject({ url: '/api/preferences/user', headers: token(t) })).statusCode).toBe(
      401,
    );
  });
});

describe('probe: forged client addresses', () => {
  const forged = { 'x-forwarded-for': '198.51.100.23' };

  it('X-Forwarded-For is ignored unless TRUST_PROXY says which proxies to believe', async () => {
    app = await createTestApp({ env: { NODE_ENV: 'production', DEMO_SIGN_IN: '1' } });
    await postDemoSignIn(app, 'student', { headers: forged });
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry?.address).toBe('127.0.0.1');
  });

  it('with TRUST_PROXY=1 the address the one proxy in front reports is used', async () => {
    app = await createTestApp({ env: { TRUST_PROXY: '1' } });
    await postDemoSignIn(app, 'student', { headers: forged });
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry?.address).toBe('198.51.100.23');
  });
});

describe('probe: cache flooding', () => {
  it.each(['999901', '000001', '203004'])(
    'a term outside the window around the current one (%s) is refused without asking the SIS',
    async (term) => {
      app = await createTestApp();
      const { token: t } = await signIn(app, 'student');
      const answer = await app.inject({
        url: `/api/integrations/finti/schedule?term=${term}`,
        headers: token(t),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.headers['x-cache']).toBeUndefined();
    },
  );
});

describe('probe: error shapes', () => {
  it.each(['/api/%zz', '/next-steps/api/%E0%A4%A', `/api/preferences/${'9'.repeat(200)}`])(
    'a malformed or overlong address %s answers JSON {detail}',
    async (url) => {
      app = await createTestApp();
      const answer = await app.inject({ url });
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(Object.keys(answer.json())).toEqual(['detail']);
    },
  );
});
