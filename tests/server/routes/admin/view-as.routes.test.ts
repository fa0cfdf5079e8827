import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_DETAIL } from '../../../../contract/error.schema.js';
import { userSchema } from '../../../../contract/user.schema.js';
import { portalViewListSchema } from '../../../../contract/portal-views.schema.js';
import { nextStepsUserListSchema } from '../../../../contract/next-steps/user.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { adminAs, plainCells } from './admin-client.js';

let now = new Date('2026-11-27T15:00:00.000Z');
const clock = () => now;
let app: FastifyInstance;
let student: { cookie: string; token: string };
let support: Awaited<ReturnType<typeof adminAs>>;

beforeAll(async () => {
  // A session idle for an hour stays: the views below outlast the default 30 minutes.
  app = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: '120' } });
  student = await signIn(app, 'student');
  await signIn(app, 'student-worker');
  await signIn(app, 'new-student');
  await app.repositories.grants.put('mchen', 'support', null, now);
  support = await adminAs(app, 'staff');
});
afterAll(async () => app.close());

const start = (
  as: typeof support,
  username: string,
  reason = 'Cannot find her hold',
  ticket = 'HD-1042',
) =>
  as.form('/admin/view-as', [
    ['username', username],
    ['reason', reason],
    ['ticket', ticket],
  ]);
const end = (as: typeof support) => as.form('/admin/view-as/end', []);
const userOf = async (cookie: string) =>
  userSchema.parse((await app.inject({ url: '/api/users/user', headers: { cookie } })).json());

describe('view as a student: the Support right and the view-as page', () => {
  it('a superuser grants Support on the grants page, audited; the grantee is listed View as', async () => {
    await app.repositories.grants.put('rpatel', 'superuser', null, now);
    const root = await adminAs(app, 'faculty');
    const granted = await root.form('/admin/grants', [
      ['username', 'lnguyen'],
      ['right', 'support'],
    ]);
    expect(granted.statusCode).toBe(303);
    expect(plainCells((await root.get('/admin/grants')).body)).toContain(
      '<td>lnguyen</td><td>support</td>',
    );
    const [entry] = await app.repositories.audit.search({ kind: 'grant', limit: 1 });
    expect(entry?.objectId).toBe('lnguyen/support');
    const advisor = await adminAs(app, 'advisor');
    const page = await advisor.get('/admin/view-as');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('View as');
  });

  it('someone without Support gets 403 on the page and its changes', async () => {
    const other = await adminAs(app, 'student');
    expect((await other.get('/admin/view-as')).statusCode).toBe(403);
    expect((await start(other, 'jokafor')).statusCode).toBe(403);
  });

  it('finds a person by username, student number or a part of the name', async () => {
    for (const q of ['avalencia', '900000001', 'valen']) {
      const page = await support.get(`/admin/view-as?q=${q}`);
      expect(plainCells(page.body)).toContain('<td>Ana Valencia</td><td>avalencia</td>');
    }
    expect((await support.get('/admin/view-as?q=nobody-at-all')).body).toContain('Nobody found');
    const chosen = await support.get('/admin/view-as?person=avalencia');
    expect(chosen.body).toContain('View as Ana Valencia');
    expect(chosen.body).toContain('Reason (required)');
  });

  it('a reason is required: without one nothing starts', async () => {
    const response = await start(support, 'avalencia', '');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Say why you need to see this portal.');
    expect((await userOf(support.cookie)).username).toBe('mchen');
  });

  it.each([
    ['themselves', 'mchen', 'as yourself'],
    ['a superuser', 'rpatel', 'superuser cannot be viewed'],
    ['a student the records mark confidential (not a superuser)', 'sgarcia', 'confidential'],
  ])('support may not view as %s', async (_what, username, says) => {
    const response = await start(support, username);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain(says);
    expect((await userOf(support.cookie)).username).toBe('mchen');
  });

  it('support may not view as a staff member holding a right they do not', async () => {
    const advisor = await adminAs(app, 'advisor');
    const response = await start(advisor, 'mchen');
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('holds rights you do not');
  });

  it('a superuser may view as a student the records mark confidential', async () => {
    const root = await adminAs(app, 'faculty');
    expect((await start(root, 'sgarcia')).headers.location).toBe('/');
    expect((await userOf(root.cookie)).username).toBe('sgarcia');
    expect((await end(root)).statusCode).toBe(303);
    expect((await userOf(root.cookie)).username).toBe('rpatel');
  });
});

describe('view as a student: the portal as the student sees it, read only', () => {
  it('Start opens the portal as the student: the user answers say whose view it is and until when', async () => {
    const started = await start(support, 'avalencia');
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toBe('/');
    const user = await userOf(support.cookie);
    expect(user.username).toBe('avalencia');
    expect(user.view_as).toEqual({
      name: 'Ana Valencia',
      ends_at: '2026-11-27T15:30:00.000Z',
      read_only: true,
      viewer_language: 'en',
    });
    const nextSteps = await app.inject({
      url: '/next-steps/api/user/',
      headers: { cookie: support.cookie },
    });
    expect(nextStepsUserListSchema.parse(nextSteps.json())[0]?.view_as?.name).toBe('Ana Valencia');
    // The student's own answers say nothing of it.
    expect((await userOf(student.cookie)).view_as).toBeNull();
  });

  it("nothing changes for the student: their answers are byte-identical after support's refused changes", async () => {
    const own = { authorization: `Token ${student.token}` };
    const reads = [
      '/api/preferences/user',
      '/api/notifications/user',
      '/api/calendar/subscription',
      '/next-steps/api/user_task/?published=True',
      '/next-steps/api/user_preference/',
    ];
    const snapshot = async () =>
      Promise.all(reads.map(async (url) => (await app.inject({ url, headers: own })).body));
    const before = await snapshot();
    const token = (await userOf(support.cookie)).auth_token;
    const headers = { authorization: `Token ${token}` };
    const pk = (
      (await app.inject({ url: '/api/preferences/user', headers })).json() as { pk: number }
    ).pk;
    const [task] = (
      await app.inject({ url: '/next-steps/api/user_task/?published=True', headers })
    ).json() as Array<{ id: number }>;
    const changes = [
      ['PATCH', `/api/preferences/${pk}`, { pk, theme: 'dark', contact_by_email: false }],
      ['PATCH', `/next-steps/api/user_task/${task?.id ?? 0}/`, { starred: true }],
      ['POST', '/api/calendar/subscription', {}],
      ['PATCH', '/api/notifications/1', { read: true }],
    ] as const;
    for (const [method, url, payload] of changes) {
      expect((await app.inject({ method, url, payload, headers })).statusCode, url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('reads work; every change is refused with {detail}, audited with the reason and ticket', async () => {
    const token = (await userOf(support.cookie)).auth_token;
    const headers = { authorization: `Token ${token}` };
    const read = await app.inject({ url: '/api/preferences/user', headers });
    expect(read.statusCode).toBe(200);
    const pk = (read.json() as { pk: number }).pk;
    const writes = [
      ['PATCH', `/api/preferences/${pk}`, { pk, language: 'es' }],
      ['POST', '/api/users/roles', {}],
      ['POST', '/api/cache/clear', {}],
      ['PATCH', '/next-steps/api/user_task/1/', { starred: true }],
      ['POST', '/api/push/subscriptions', {}],
    ] as const;
    for (const [method, url, payload] of writes) {
      const response = await app.inject({ method, url, payload, headers });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ detail: READ_ONLY_DETAIL });
    }
    const entries = await app.repositories.audit.search({ username: 'mchen', limit: 50 });
    const refused = entries.filter((e) => e.action === 'viewAs.writeRefused');
    expect(refused.length).toBeGreaterThanOrEqual(writes.length);
    expect(refused[0]?.detail).toMatchObject({
      reason: 'Cannot find her hold',
      ticket: 'HD-1042',
      capacity: 'support',
      subject: 'avalencia',
    });
    const reads = entries.filter((e) => e.action === 'viewAs.read');
    expect(reads.map((e) => e.detail.route)).toContain('GET /api/preferences/user');
    expect(entries.map((e) => e.action)).toContain('viewAs.start');
  });

  it('the student is emailed of the view, and Account lists it with its reason', async () => {
    const sent = await app.repositories.notifyOutbox.list(10);
    const notice = sent.find((e) => e.recipient === 'avalencia@campus.example.edu');
    expect(notice?.subject).toContain('viewed your');
    // US English dates, as the portal writes them (not "2026-11-27 07:00").
    expect(notice?.text).toMatch(/on November 27, 2026 at 7:00\sAM, read only/u);
    now = new Date('2026-11-27T15:12:00.000Z');
    const views = portalViewListSchema.parse(
      (
        await app.inject({
          url: '/api/view-as/views',
          headers: { authorization: `Token ${student.token}` },
        })
      ).json(),
    );
    expect(views[0]).toMatchObject({
      started_at: '2026-11-27T15:00:00.000Z',
      ended_at: null,
      minutes: 12,
      office: 'IT Help Desk',
      name: null,
      reason: 'Cannot find her hold',
    });
  });

  it('End ends the view: the next request is the staff member’s own again, and the end is audited', async () => {
    expect((await end(support)).headers.location).toBe('/admin/view-as?done=ended');
    expect((await userOf(support.cookie)).username).toBe('mchen');
    const [last] = await app.repositories.audit.search({ username: 'mchen', limit: 1 });
    expect(last?.action).toBe('viewAs.end');
  });
  it("the bar speaks the viewer's language: support's own choice, else their browser's, never the student's", async () => {
    const ana = (await app.repositories.users.findByUsername('avalencia'))!.id;
    const viewer = (await app.repositories.users.findByUsername('mchen'))!.id;
    const choose = async (userId: number, language: 'en' | 'es' | null) => {
      const { pk } = await app.repositories.preferences.forUser(userId);
      await app.repositories.preferences.update(userId, pk, { language });
    };
    const languages = async (acceptLanguage?: string) => {
      const headers = {
        cookie: support.cookie,
        ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
      };
      const portal = userSchema.parse(
        (await app.inject({ url: '/api/users/user', headers })).json(),
      );
      const nextSteps = nextStepsUserListSchema.parse(
        (await app.inject({ url: '/next-steps/api/user/', headers })).json(),
      )[0];
      expect(nextSteps?.view_as?.viewer_language).toBe(portal.view_as?.viewer_language);
      return { page: portal.preferences.language, bar: portal.view_as?.viewer_language };
    };
    await choose(ana, 'es');
    try {
      await start(support, 'avalencia');
      // Nothing chosen: the viewer's browser, whatever the student reads.
      expect(await languages()).toEqual({ page: 'es', bar: 'en' });
      expect((await languages('es-MX,es;q=0.9')).bar).toBe('es');
      // Chosen on their own Account: that, whatever their browser says.
      await choose(viewer, 'es');
      expect(await languages('en-US')).toEqual({ page: 'es', bar: 'es' });
      await choose(ana, 'en');
      expect(await languages('en-US')).toEqual({ page: 'en', bar: 'es' });
    } finally {
      await choose(ana, null);
      await choose(viewer, null);
      await end(support);
    }
  });
});

describe('view as a student: expiry and sign-out on every process', () => {
  it('a revoked Support right ends the view, recorded and audited as ended: granted again within the time, the old view does not resume', async () => {
    now = new Date('2026-11-27T15:40:00.000Z');
    await app.repositories.grants.put('rpatel', 'superuser', null, now);
    const root = await adminAs(app, 'faculty');
    const advisor = await adminAs(app, 'advisor');
    await root.form('/admin/grants', [
      ['username', 'lnguyen'],
      ['right', 'support'],
    ]);
    expect((await start(advisor, 'jokafor')).statusCode).toBe(303);
    expect((await userOf(advisor.cookie)).username).toBe('jokafor');
    const revoked = await root.form('/admin/grants/revoke', [
      ['username', 'lnguyen'],
      ['right', 'support'],
    ]);
    expect(revoked.statusCode).toBe(303);
    const subject = (await app.repositories.users.findByUsername('jokafor'))?.id ?? 0;
    const [view] = await app.repositories.viewAs.ofSubject(subject);
    expect(view).toMatchObject({ endedBy: 'revoked', endedAt: now });
    const [audited] = await app.repositories.audit.search({ username: 'lnguyen', limit: 1 });
    expect(audited).toMatchObject({ action: 'viewAs.end' });
    expect(JSON.stringify(audited?.detail)).toContain('"by":"revoked"');
    // Granted again a minute later, well within the view's time: their own portal, no view.
    now = new Date('2026-11-27T15:41:00.000Z');
    await root.form('/admin/grants', [
      ['username', 'lnguyen'],
      ['right', 'support'],
    ]);
    expect((await userOf(advisor.cookie)).username).toBe('lnguyen');
    expect(await app.repositories.viewAs.ofSubject(subject)).toHaveLength(1);
  });

  it("the student is told the viewer's own office, from their Support grant, not one office for everyone (email and Account)", async () => {
    now = new Date('2026-11-27T15:45:00.000Z');
    const root = await adminAs(app, 'faculty');
    const advisor = await adminAs(app, 'advisor');
    const granted = await root.form('/admin/grants', [
      ['username', 'lnguyen'],
      ['right', 'support'],
      ['office', 'Academic Advising'],
    ]);
    expect(granted.statusCode).toBe(303);
    expect(plainCells((await root.get('/admin/grants')).body)).toContain(
      '<td>lnguyen</td><td>support</td><td>Academic Advising</td>',
    );
    expect((await start(advisor, 'avalencia', 'Planning next term')).statusCode).toBe(303);
    await end(advisor);
    const views = portalViewListSchema.parse(
      (
        await app.inject({
          url: '/api/view-as/views',
          headers: { authorization: `Token ${student.token}` },
        })
      ).json(),
    );
    expect(views.map((v) => [v.reason, v.office])).toContainEqual([
      'Planning next term',
      'Academic Advising',
    ]);
    // Support's own grant names no office: their views still name the campus's.
    expect(views.map((v) => [v.reason, v.office])).toContainEqual([
      'Cannot find her hold',
      'IT Help Desk',
    ]);
    const sent = await app.repositories.notifyOutbox.list(50);
    expect(sent.map((e) => e.subject)).toContain(
      'Someone from Academic Advising viewed your Campus Portal',
    );
  });

  it('a view run out ends on a second app sharing the store, at its next request', async () => {
    now = new Date('2026-11-27T16:00:00.000Z');
    expect((await start(support, 'jokafor')).statusCode).toBe(303);
    let later = new Date('2026-11-27T16:10:00.000Z');
    const second = await createTestApp({
      clock: () => later,
      database: app.database,
      env: { SESSION_IDLE_MINUTES: '120' },
    });
    try {
      const on = (cookie: string) =>
        second
          .inject({ url: '/api/users/user', headers: { cookie } })
          .then((r) => userSchema.parse(r.json()));
      expect((await on(support.cookie)).username).toBe('jokafor');
      later = new Date('2026-11-27T16:31:00.000Z');
      expect((await on(support.cookie)).username).toBe('mchen');
      const [view] = await app.repositories.viewAs.ofSubject(
        (await app.repositories.users.findByUsername('jokafor'))?.id ?? 0,
      );
      expect(view?.endedBy).toBe('expiry');
      expect(view?.endedAt?.toISOString()).toBe('2026-11-27T16:30:00.000Z');
    } finally {
      await second.close();
    }
  });
});
