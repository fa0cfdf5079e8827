import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { canvasConnectSchema, courseworkSchema } from '../../../../contract/coursework.schema.js';
import type { Coursework } from '../../../../contract/coursework.schema.js';
import { errorSchema } from '../../../../contract/error.schema.js';
import { addAssignment, startFakeCanvas } from '../../helpers/fake-canvas.js';
import type { FakeCanvas } from '../../helpers/fake-canvas.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { personas } from '../../../../server/sis/personas.js';

/**
 * Issue 45, step 2: a student connects the campus's Canvas by OAuth 2 through the portal's own
 * routes, against a local Canvas that follows the documented shapes (tests/server/helpers/fake-canvas.ts).
 */

const PORTAL = 'http://portal.campus.test';
const CALLBACK = '/api/coursework/canvas/callback';
const DAY = 86_400_000;
/** How far the portal's clock is ahead of this machine's. */
let ahead = 0;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let canvas: FakeCanvas;
let app: FastifyInstance;
const logLines: string[] = [];
/** Every answer of the suite, to check that no token or code is ever in one. */
const answers: string[] = [];

beforeAll(async () => {
  canvas = await startFakeCanvas({ redirectUri: `${PORTAL}${CALLBACK}`, pageSize: 2 });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await createTestApp({
    clock: () => new Date(Date.now() + ahead),
    env: {
      PUBLIC_ORIGIN: PORTAL,
      CANVAS_URL: canvas.url,
      CANVAS_CLIENT_ID: canvas.clientId,
      CANVAS_CLIENT_SECRET: canvas.clientSecret,
    },
    coursework: { canvasSleep: async () => {} },
    logger: { level: 'debug', stream },
  });
});
afterAll(async () => {
  await app.close();
  await canvas.close();
});
afterEach(() => {
  canvas.state.throttleNext = 0;
});

const auth = async (persona: 'student' | 'new-student' = 'student') => ({
  authorization: `Token ${(await signIn(app, persona)).token}`,
});

async function call(
  headers: Record<string, string>,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  // A refresh reads the LMS at most once a minute: each of the suite's is a minute after the last.
  if (url === '/api/coursework/refresh') ahead += 61_000;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  answers.push(response.body);
  return response;
}

async function coursework(headers: Record<string, string>): Promise<Coursework> {
  const response = await call(headers, 'GET', '/api/coursework');
  expect(response.statusCode).toBe(200);
  return courseworkSchema.parse(response.json());
}

/**
 * Connect Canvas as a browser does: the portal's answer, Canvas's authorization page (which sends
 * the student back with a code), and the callback with the browser's cookie.
 */
async function connect(headers: Record<string, string>) {
  const started = await call(headers, 'POST', '/api/coursework/canvas');
  expect(started.statusCode).toBe(200);
  const { url } = canvasConnectSchema.parse(started.json());
  const cookie = started.cookies.find((c) => c.name === 'portal_canvas_oauth');
  const authorize = await fetch(url, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe(`${PORTAL}${CALLBACK}`);
  const callback = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: cookie ? { [cookie.name]: cookie.value } : {},
  });
  answers.push(callback.body);
  return { started: new URL(url), cookie, back, callback };
}

describe('Connect Canvas (issue 45, step 2)', () => {
  it('the Planner API path: connect, items with submission state read across pages, no token in any answer or log', async () => {
    const headers = await auth();
    expect((await coursework(headers)).canvas_available).toBe(true);
    const user = canvas.state.loginAs;
    addAssignment(canvas, user, {
      id: 1,
      title: 'Essay 2',
      due: inDays(2),
      course: 'ENGL 101',
      submission: { submitted: true },
    });
    addAssignment(canvas, user, {
      id: 2,
      title: 'Lab report',
      due: inDays(3),
      course: 'CHEM 121',
      submission: { missing: true },
    });
    addAssignment(canvas, user, {
      id: 3,
      title: 'Quiz 4',
      due: inDays(4),
      course: 'MTH 251',
      submission: { graded: true, submitted: true },
      type: 'quiz',
    });

    const { started, cookie, callback } = await connect(headers);
    expect(started.origin).toBe(canvas.url);
    expect(started.searchParams.get('client_id')).toBe(canvas.clientId);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: CALLBACK });
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/account?canvas=connected#coursework');

    const answer = await coursework(headers);
    expect(answer.feed).toMatchObject({
      state: 'connected',
      kind: 'canvas',
      source: 'canvas',
      status: 'current',
      masked: new URL(canvas.url).host,
    });
    expect(answer.items.map((i) => [i.title, i.course, i.submission, i.current])).toEqual([
      ['Essay 2', 'ENGL 101', 'submitted', true],
      ['Lab report', 'CHEM 121', 'missing', true],
      ['Quiz 4', 'MTH 251', 'graded', true],
    ]);
    // Three items in pages of two: the Link header's next page was followed.
    expect(canvas.state.requests.get('GET /api/v1/planner/items')).toBeGreaterThanOrEqual(2);

    const secrets = [...canvas.state.accessTokens.keys(), ...canvas.state.refreshTokens.keys()];
    expect(secrets.length).toBeGreaterThan(0);
    const store = app.repositories.coursework;
    const [userId] = await store.dueForReading(new Date('9999-01-01T00:00:00.000Z'), 10);
    const sealed = (await store.feedOf(userId ?? -1))?.tokensSealed ?? '';
    expect(sealed.length).toBeGreaterThan(40);
    for (const secret of secrets) {
      expect(sealed).not.toContain(secret);
      for (const text of [...answers, ...logLines]) expect(text).not.toContain(secret);
    }
  });

  it('Mark done is written to Canvas as a planner override (made, then changed), and a mark made in Canvas shows at the next reading', async () => {
    const headers = await auth();
    const before = await coursework(headers);
    const essay = before.items.find((i) => i.title === 'Essay 2');
    const lab = before.items.find((i) => i.title === 'Lab report');
    if (!essay || !lab) throw new Error('the first test connects Canvas with these items');

    const done = await call(headers, 'PUT', '/api/coursework/done', { id: essay.id, done: true });
    expect(done.statusCode).toBe(200);
    expect(courseworkSchema.parse(done.json()).items.find((i) => i.id === essay.id)?.done).toBe(
      true,
    );
    const made = [...canvas.state.overrides.values()].find((o) => o.plannable_id === 1);
    expect(made).toMatchObject({ plannable_type: 'assignment', marked_complete: true });
    expect(canvas.state.requests.get('POST /api/v1/planner/overrides')).toBe(1);

    const undone = await call(headers, 'PUT', '/api/coursework/done', {
      id: essay.id,
      done: false,
    });
    expect(undone.statusCode).toBe(200);
    expect(canvas.state.overrides.get(made?.id ?? -1)?.marked_complete).toBe(false);
    // The override was changed, not made a second time.
    expect(canvas.state.requests.get('POST /api/v1/planner/overrides')).toBe(1);
    expect(canvas.state.requests.get(`PUT /api/v1/planner/overrides/${made?.id}`)).toBe(1);

    // The student ticks the lab report in Canvas's own to-do list.
    const ticked = await fetch(`${canvas.url}/api/v1/planner/overrides`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${[...canvas.state.accessTokens.keys()].at(-1)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        plannable_type: 'assignment',
        plannable_id: 2,
        marked_complete: true,
      }),
    });
    expect(ticked.ok).toBe(true);
    const refreshed = await call(headers, 'POST', '/api/coursework/refresh');
    const items = courseworkSchema.parse(refreshed.json()).items;
    expect(items.find((i) => i.id === lab.id)?.done).toBe(true);
    expect(items.find((i) => i.id === essay.id)?.done).toBe(false);
  });

  it('an expired access token is refreshed and the reading goes on; Canvas throttling past the retries leaves the items, marked not current', async () => {
    const headers = await auth();
    canvas.state.expireAll();
    const refreshed = courseworkSchema.parse(
      (await call(headers, 'POST', '/api/coursework/refresh')).json(),
    );
    expect(refreshed.feed).toMatchObject({ status: 'current' });
    expect(refreshed.items).toHaveLength(3);

    canvas.state.throttleNext = 10;
    const throttled = courseworkSchema.parse(
      (await call(headers, 'POST', '/api/coursework/refresh')).json(),
    );
    expect(throttled.feed).toMatchObject({ status: 'stale' });
    expect(throttled.items.map((i) => i.current)).toEqual([false, false, false]);
  });

  it('a Mark done Canvas does not take changes nothing and says so (502)', async () => {
    const headers = await auth();
    const [item] = (await coursework(headers)).items;
    if (!item) throw new Error('no item');
    canvas.state.throttleNext = 10;
    const refused = await call(headers, 'PUT', '/api/coursework/done', { id: item.id, done: true });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      detail: 'Canvas did not take the change. Please try again in a moment.',
    });
    canvas.state.throttleNext = 0;
    expect((await coursework(headers)).items.find((i) => i.id === item.id)?.done).toBe(item.done);
  });

  it('a callback without the starting browser’s cookie, or used a second time, connects nobody', async () => {
    const headers = await auth();
    await call(headers, 'DELETE', '/api/coursework/feed');
    const started = await call(headers, 'POST', '/api/coursework/canvas');
    const { url } = canvasConnectSchema.parse(started.json());
    const cookie = started.cookies.find((c) => c.name === 'portal_canvas_oauth');
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
    const path = `${back.pathname}${back.search}`;

    const noCookie = await app.inject({ method: 'GET', url: path });
    expect(noCookie.headers.location).toBe('/account?canvas=refused#coursework');
    const forged = await app.inject({
      method: 'GET',
      url: path,
      cookies: { portal_canvas_oauth: 'x'.repeat(32) },
    });
    expect(forged.headers.location).toBe('/account?canvas=refused#coursework');
    expect((await coursework(headers)).feed.state).toBe('none');

    const first = await app.inject({
      method: 'GET',
      url: path,
      cookies: { portal_canvas_oauth: cookie?.value ?? '' },
    });
    expect(first.headers.location).toBe('/account?canvas=connected#coursework');
    // The cookie is cleared by the callback; Canvas's code is single use too.
    expect(first.cookies.find((c) => c.name === 'portal_canvas_oauth')?.value).toBe('');
    const again = await app.inject({
      method: 'GET',
      url: path,
      cookies: { portal_canvas_oauth: cookie?.value ?? '' },
    });
    expect(again.headers.location).toBe('/account?canvas=refused#coursework');
  });

  it('a Canvas state and its cookie work once: replayed with a fresh, valid code they connect nothing', async () => {
    const headers = await auth();
    await call(headers, 'DELETE', '/api/coursework/feed');
    const started = await call(headers, 'POST', '/api/coursework/canvas');
    const { url } = canvasConnectSchema.parse(started.json());
    const cookie = started.cookies.find((c) => c.name === 'portal_canvas_oauth');
    const cookies = { portal_canvas_oauth: cookie?.value ?? '' };
    const sentBack = async () => {
      const back = new URL(
        (await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '',
      );
      return `${back.pathname}${back.search}`;
    };
    const first = await app.inject({ method: 'GET', url: await sentBack(), cookies });
    expect(first.headers.location).toBe('/account?canvas=connected#coursework');
    await call(headers, 'DELETE', '/api/coursework/feed');

    // Canvas would take this new code: the portal refuses the used state before asking it.
    const replay = await sentBack();
    const codes = canvas.state.codes.size;
    const again = await app.inject({ method: 'GET', url: replay, cookies });
    expect(again.headers.location).toBe('/account?canvas=refused#coursework');
    expect(canvas.state.codes.size).toBe(codes);
    expect((await coursework(headers)).feed.state).toBe('none');
    expect(logLines.join('')).toContain('That Canvas sign-in was already used');
  });

  it('the student saying no in Canvas connects nothing and says so', async () => {
    const headers = await auth();
    await call(headers, 'DELETE', '/api/coursework/feed');
    const started = await call(headers, 'POST', '/api/coursework/canvas');
    const state = new URL(canvasConnectSchema.parse(started.json()).url).searchParams.get('state');
    const cookie = started.cookies.find((c) => c.name === 'portal_canvas_oauth');
    const denied = await app.inject({
      method: 'GET',
      url: `${CALLBACK}?error=access_denied&state=${encodeURIComponent(state ?? '')}`,
      cookies: { portal_canvas_oauth: cookie?.value ?? '' },
    });
    expect(denied.headers.location).toBe('/account?canvas=refused#coursework');
    expect((await coursework(headers)).feed.state).toBe('none');
  });

  it('Disconnect revokes the tokens in Canvas and forgets the connection; a refused refresh marks it broken', async () => {
    const headers = await auth();
    await connect(headers);
    const access = [...canvas.state.accessTokens.keys()].at(-1) ?? '';
    const revokes = canvas.state.requests.get('DELETE /login/oauth2/token') ?? 0;
    const gone = courseworkSchema.parse(
      (await call(headers, 'DELETE', '/api/coursework/feed')).json(),
    );
    expect(gone.feed.state).toBe('none');
    expect(canvas.state.requests.get('DELETE /login/oauth2/token')).toBe(revokes + 1);
    expect(canvas.state.revoked.has(access)).toBe(true);

    await connect(headers);
    // Canvas forgets the portal's grant (the student removed it in Canvas's settings).
    canvas.state.refreshTokens.clear();
    canvas.state.expireAll();
    const broken = courseworkSchema.parse(
      (await call(headers, 'POST', '/api/coursework/refresh')).json(),
    );
    expect(broken.feed).toMatchObject({ kind: 'canvas', status: 'broken' });
  });
});

describe('reading on a schedule', () => {
  it('a pass reads the due connections several at a time, the most overdue first, and one failing leaves the others', async () => {
    const student = await auth('student');
    const newStudent = await auth('new-student');
    canvas.state.users.set(7, 'Second student');
    canvas.state.loginAs = 7;
    await connect(newStudent);
    canvas.state.loginAs = 1;
    await connect(student);
    const store = app.repositories.coursework;
    const ids = await store.dueForReading(new Date('9999-01-01T00:00:00.000Z'), 10);
    expect(ids).toHaveLength(2);
    for (const [i, userId] of ids.entries()) {
      const feed = await store.feedOf(userId);
      await store.recordReading(userId, {
        status: feed?.status ?? 'current',
        failures: 0,
        nextReadAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const waiting: Array<{ userId: number; settle: (ok: boolean) => void }> = [];
    const refresh = vi.spyOn(app.coursework, 'refresh').mockImplementation(
      (userId) =>
        new Promise<void>((resolve, reject) =>
          waiting.push({
            userId,
            settle: (ok) => (ok ? resolve() : reject(new Error('crashed'))),
          }),
        ),
    );
    try {
      const pass = app.coursework.pollOnce(10, 2);
      // Both readings are under way before either has ended.
      await vi.waitFor(() => expect(waiting).toHaveLength(2));
      expect(waiting.map((w) => w.userId)).toEqual(ids);
      waiting[0]?.settle(false);
      waiting[1]?.settle(true);
      expect(await pass).toBe(2);
    } finally {
      refresh.mockRestore();
    }
  });
});

describe('without a Canvas developer key', () => {
  it('Connect Canvas is not offered and cannot be begun', async () => {
    const plain = await createTestApp();
    try {
      const headers = { authorization: `Token ${(await signIn(plain, 'student')).token}` };
      const answer = await plain.inject({ method: 'GET', url: '/api/coursework', headers });
      expect(courseworkSchema.parse(answer.json()).canvas_available).toBe(false);
      const begun = await plain.inject({ method: 'POST', url: '/api/coursework/canvas', headers });
      expect(begun.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('issue 76: the refusal to begin is said in the reader’s language, not English in Spanish', async () => {
    const plain = await createTestApp();
    try {
      const token = (await signIn(plain, 'student')).token;
      const begin = (language: string) =>
        plain.inject({
          method: 'POST',
          url: '/api/coursework/canvas',
          headers: { authorization: `Token ${token}`, 'accept-language': language },
        });
      const english = await begin('en-US');
      expect(errorSchema.parse(english.json()).detail).toBe(
        'This portal is not set up to connect Canvas.',
      );
      const spanish = await begin('es-US,es;q=0.9');
      expect(spanish.statusCode).toBe(404);
      expect(errorSchema.parse(spanish.json()).detail).toBe(
        'Este portal no está configurado para conectar Canvas.',
      );
    } finally {
      await plain.close();
    }
  });

  it('a Canvas connection kept from before the key was removed is broken at its next reading, and its items cannot be marked done', async () => {
    const plain = await createTestApp();
    try {
      const headers = { authorization: `Token ${(await signIn(plain, 'student')).token}` };
      const student = personas.find((p) => p.id === 'student')?.username ?? '';
      const user = await plain.repositories.users.findByUsername(student);
      if (!user) throw new Error('no student');
      const now = plain.clock();
      await plain.repositories.coursework.replace(
        {
          userId: user.id,
          kind: 'canvas',
          addressSealed: '',
          tokensSealed: 'sealed-before',
          masked: 'canvas.example.edu',
          source: 'canvas',
          status: 'current',
          etag: null,
          lastModified: null,
          readAt: now,
          failures: 0,
          nextReadAt: now,
          createdAt: now,
        },
        [
          {
            id: 'canvas:assignment:7',
            title: 'Essay',
            course: 'ENGL 101',
            due: new Date(now.getTime() + 86_400_000),
            allDay: false,
            link: null,
            source: 'canvas',
          },
        ],
      );
      await plain.coursework.refresh(user.id);
      expect((await plain.repositories.coursework.feedOf(user.id))?.status).toBe('broken');
      const done = await plain.inject({
        method: 'PUT',
        url: '/api/coursework/done',
        headers,
        payload: { id: 'canvas:assignment:7', done: true },
      });
      expect(done.statusCode).not.toBe(200);
      expect(await plain.repositories.coursework.doneKeysOf(user.id)).toEqual(new Set());
    } finally {
      await plain.close();
    }
  });
});
