import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CanvasError } from '../../../server/coursework/canvas-answers.js';
import type { CanvasSettings, CanvasTokens } from '../../../server/coursework/canvas-oauth.js';
import { CanvasPlanner } from '../../../server/coursework/canvas-planner.js';
import { addAssignment, issueTokens, startFakeCanvas } from '../helpers/fake-canvas.js';
import type { FakeCanvas } from '../helpers/fake-canvas.js';

const ITEMS = '/api/v1/planner/items';
const TOKEN = '/login/oauth2/token';
const SCOPES =
  'url:GET|/api/v1/planner/items url:POST|/api/v1/planner/overrides url:PUT|/api/v1/planner/overrides/:id';
const MB = 1024 * 1024;

/** The weeks read in these tests; every item below falls in them. */
const term = { start: new Date('2026-09-01T00:00:00Z'), end: new Date('2026-12-31T00:00:00Z') };
const dueOn = (day: number) => new Date(Date.UTC(2026, 9, day, 23, 59)).toISOString();

let canvas: FakeCanvas;
let sleeps: number[];

beforeEach(async () => {
  canvas = await startFakeCanvas();
  sleeps = [];
});

afterEach(() => canvas.close());

const plannerFor = (settings: Partial<CanvasSettings> = {}) =>
  new CanvasPlanner({
    url: canvas.url,
    clientId: canvas.clientId,
    clientSecret: canvas.clientSecret,
    redirectUri: canvas.redirectUri,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    ...settings,
  });

const requests = (key: string) => canvas.state.requests.get(key) ?? 0;

/** The CanvasError a call fails with (a call that succeeds, or fails otherwise, fails the test). */
async function failureOf(call: Promise<unknown>): Promise<CanvasError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof CanvasError) return error;
    throw error;
  }
  throw new Error('The call succeeded.');
}

/** Goes through the authorization page the way a browser does: the callback's code and state. */
async function authorize(planner: CanvasPlanner, state: string) {
  const answer = await fetch(planner.authorizeUrl(state), { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const callback = new URL(answer.headers.get('location') ?? '');
  return { callback, code: callback.searchParams.get('code') ?? '' };
}

describe('the Canvas address', () => {
  it('must be https:, or http: only on a loopback host', () => {
    const at = (url: string) => () => plannerFor({ url });
    expect(at('https://canvas.example.edu')).not.toThrow();
    expect(at('https://canvas.example.edu/')).not.toThrow();
    expect(at('http://localhost:8080')).not.toThrow();
    expect(at('http://[::1]:8080')).not.toThrow();
    expect(at('http://canvas.example.edu')).toThrow(/https/);
    expect(at('ftp://canvas.example.edu')).toThrow(/https/);
    expect(at('javascript:alert(1)')).toThrow();
  });

  it('is an origin only, without a path, query or credentials', () => {
    const at = (url: string) => () => plannerFor({ url });
    expect(at('https://canvas.example.edu/canvas')).toThrow(/origin/);
    expect(at('https://canvas.example.edu/?x=1')).toThrow(/origin/);
    expect(at('https://admin:secret@canvas.example.edu')).toThrow(/origin/);
    expect(at('not a url')).toThrow(/not a URL/);
  });
});

describe('connecting a student', () => {
  it('sends the student to the authorization page with the code flow, the client, callback, state and planner scopes', () => {
    const url = new URL(plannerFor({ url: 'https://canvas.example.edu' }).authorizeUrl('st-123&x'));
    expect(url.origin + url.pathname).toBe('https://canvas.example.edu/login/oauth2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: canvas.clientId,
      redirect_uri: canvas.redirectUri,
      state: 'st-123&x',
      scope: SCOPES,
    });
  });

  it('trades the callback’s code for tokens that expire an hour later and read the planner', async () => {
    const now = new Date('2026-10-01T12:00:00Z');
    const planner = plannerFor({ now: () => now });
    const { callback, code } = await authorize(planner, 'st-1');
    expect(callback.searchParams.get('state')).toBe('st-1');
    const tokens = await planner.exchangeCode(code);
    expect(tokens.expiresAt).toBe(now.getTime() + 3600_000);
    expect(canvas.state.accessTokens.get(tokens.access)?.userId).toBe(1);
    expect(canvas.state.refreshTokens.get(tokens.refresh)?.access).toBe(tokens.access);
    // The scopes asked for are the ones the planner calls need (the fake refuses others).
    addAssignment(canvas, 1, { id: 42, due: dueOn(5) });
    const read = await planner.items(tokens, term);
    expect(read.items.map((item) => item.key)).toEqual(['assignment:42']);
    expect(read.tokens).toEqual(tokens);
  });

  it('is refused for a code Canvas does not know, or one already used', async () => {
    const planner = plannerFor();
    const unknown = await failureOf(planner.exchangeCode('made-up'));
    expect([unknown.failure, unknown.status]).toEqual(['refused', 400]);
    expect(unknown.message).toContain('invalid_grant');
    const { code } = await authorize(planner, 'st-2');
    await planner.exchangeCode(code);
    expect((await failureOf(planner.exchangeCode(code))).failure).toBe('refused');
  });

  it('is refused when Canvas does not know the client', async () => {
    const error = await failureOf(plannerFor({ clientSecret: 'wrong' }).exchangeCode('any'));
    expect([error.failure, error.status]).toEqual(['refused', 401]);
  });
});

describe('reading the planner', () => {
  it('follows the next links over several pages and keeps every item in Canvas’s order', async () => {
    for (const [day, title] of [
      [3, 'Essay draft'],
      [4, 'Lab report'],
      [6, 'Reading quiz'],
      [9, 'Annotated bibliography'],
      [12, 'Peer review'],
    ] as const) {
      addAssignment(canvas, 1, { id: 100 + day, title, due: dueOn(day) });
    }
    const { items } = await plannerFor().items(issueTokens(canvas, 1), term);
    expect(items.map((item) => item.title)).toEqual([
      'Essay draft',
      'Lab report',
      'Reading quiz',
      'Annotated bibliography',
      'Peer review',
    ]);
    expect(requests(`GET ${ITEMS}`)).toBe(3);
  });

  it('reads only the student’s items in the window asked for', async () => {
    addAssignment(canvas, 1, { id: 1, title: 'In the term', due: dueOn(5) });
    addAssignment(canvas, 1, { id: 2, title: 'Last year', due: '2025-10-05T23:59:00Z' });
    addAssignment(canvas, 2, { id: 3, title: 'Someone else’s', due: dueOn(5) });
    const { items } = await plannerFor().items(issueTokens(canvas, 1), term);
    expect(items.map((item) => item.title)).toEqual(['In the term']);
  });

  it('reads an item’s key, course, due date (else its planner date), link and override', async () => {
    addAssignment(canvas, 1, { id: 42, title: 'Essay', due: dueOn(5), course: 'ENGL 101' });
    addAssignment(canvas, 1, {
      id: 7,
      type: 'calendar_event',
      title: 'Field trip',
      date: dueOn(6),
      course: null,
      submission: false,
    });
    const { items } = await plannerFor().items(issueTokens(canvas, 1), term);
    expect(items).toEqual([
      {
        key: 'assignment:42',
        plannableType: 'assignment',
        plannableId: 42,
        title: 'Essay',
        course: 'ENGL 101',
        due: new Date(dueOn(5)),
        link: `${canvas.url}/courses/101/assignments/42`,
        submission: null,
        override: null,
      },
      {
        key: 'calendar_event:7',
        plannableType: 'calendar_event',
        plannableId: 7,
        title: 'Field trip',
        course: null,
        due: new Date(dueOn(6)),
        link: `${canvas.url}/courses/101/calendar_events/7`,
        submission: null,
        override: null,
      },
    ]);
  });

  it('takes the due date over a different planner date', async () => {
    addAssignment(canvas, 1, { id: 1, due: dueOn(20), date: dueOn(5) });
    const { items } = await plannerFor().items(issueTokens(canvas, 1), term);
    expect(items[0]?.due).toEqual(new Date(dueOn(20)));
  });

  it('drops a link that would leave the Canvas origin or is not a web address', async () => {
    const links = [
      `${canvas.url}/courses/1/quizzes/3`,
      'https://evil.example/courses/1',
      '//evil.example/courses/1',
      'javascript:alert(1)',
      'data:text/html,hi',
    ];
    links.forEach((link, index) => {
      addAssignment(canvas, 1, { id: index + 1, due: dueOn(index + 1) }).html_url = link;
    });
    const { items } = await plannerFor().items(issueTokens(canvas, 1), term);
    expect(items.map((item) => item.link)).toEqual([links[0], null, null, null, null]);
  });

  it('reads the submission state: excused before graded before submitted before missing', async () => {
    const flags = [
      { graded: true, submitted: true },
      { submitted: true, late: true },
      { missing: true },
      { excused: true, missing: true, graded: true },
      {},
      false as const,
    ];
    flags.forEach((submission, index) => {
      addAssignment(canvas, 1, { id: index + 1, due: dueOn(index + 1), submission });
    });
    const { items } = await plannerFor().items(issueTokens(canvas, 1), term);
    expect(items.map((item) => item.submission)).toEqual([
      'graded',
      'submitted',
      'missing',
      'excused',
      null,
      null,
    ]);
  });

  it('leaves out an item with neither a due date nor a planner date', async () => {
    canvas.state.answerNext.push({
      path: ITEMS,
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { plannable_id: 1, plannable_type: 'planner_note', plannable: { title: 'Someday' } },
        {
          plannable_id: 2,
          plannable_type: 'assignment',
          plannable_date: dueOn(3),
          plannable: { title: 'Dated', due_at: null },
        },
      ]),
    });
    const { items } = await plannerFor().items(issueTokens(canvas, 1), term);
    expect(items.map((item) => item.key)).toEqual(['assignment:2']);
  });

  it('keeps the first reading of an item Canvas repeats on a later page', async () => {
    addAssignment(canvas, 1, { id: 1, title: 'First reading', due: dueOn(1) });
    addAssignment(canvas, 1, { id: 2, due: dueOn(2) });
    addAssignment(canvas, 1, { id: 1, title: 'Moved', due: dueOn(3) });
    const { items } = await plannerFor().items(issueTokens(canvas, 1), term);
    expect(items.map((item) => [item.key, item.title])).toEqual([
      ['assignment:1', 'First reading'],
      ['assignment:2', 'Assignment 2'],
    ]);
    expect(requests(`GET ${ITEMS}`)).toBe(2);
  });

  it('reads answers Canvas prefixes with while(1);', async () => {
    canvas.state.whilePrefix = true;
    addAssignment(canvas, 1, { id: 1, due: dueOn(1) });
    addAssignment(canvas, 1, { id: 2, due: dueOn(2) });
    addAssignment(canvas, 1, { id: 3, due: dueOn(3) });
    const { items } = await plannerFor().items(issueTokens(canvas, 1), term);
    expect(items).toHaveLength(3);
  });

  it('waits half a second before each next page while fewer than 100 calls remain in the rate budget', async () => {
    for (let day = 1; day <= 5; day += 1) addAssignment(canvas, 1, { id: day, due: dueOn(day) });
    const tokens = issueTokens(canvas, 1);
    await plannerFor().items(tokens, term);
    expect(sleeps).toEqual([]);
    canvas.state.rateRemaining = 99.5;
    await plannerFor().items(tokens, term);
    expect(sleeps).toEqual([500, 500]);
  });

  it('does not follow a next link to another origin', async () => {
    const other = await startFakeCanvas();
    try {
      canvas.state.nextLinkOrigin = other.url;
      for (let day = 1; day <= 3; day += 1) addAssignment(canvas, 1, { id: day, due: dueOn(day) });
      const { items } = await plannerFor().items(issueTokens(canvas, 1), term);
      expect(items.map((item) => item.plannableId)).toEqual([1, 2]);
      expect(other.state.requests.size).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('reads twenty pages, and refuses a twenty-first as too large without asking for it', async () => {
    canvas.state.pageSize = 1;
    for (let day = 1; day <= 20; day += 1) addAssignment(canvas, 1, { id: day, due: dueOn(day) });
    const tokens = issueTokens(canvas, 1);
    expect((await plannerFor().items(tokens, term)).items).toHaveLength(20);
    addAssignment(canvas, 1, { id: 21, due: dueOn(21) });
    canvas.state.requests.clear();
    const error = await failureOf(plannerFor().items(tokens, term));
    expect(error.failure).toBe('too-large');
    expect(requests(`GET ${ITEMS}`)).toBe(20);
  });
});

describe('marking an item done', () => {
  it('creates an override with POST when the item has none, and a later read shows it', async () => {
    addAssignment(canvas, 1, { id: 42, due: dueOn(5) });
    addAssignment(canvas, 1, { id: 43, due: dueOn(6) });
    const planner = plannerFor();
    const tokens = issueTokens(canvas, 1);
    const done = await planner.setDone(
      tokens,
      { plannableType: 'assignment', plannableId: 42, overrideId: null },
      true,
    );
    const notDone = await planner.setDone(
      tokens,
      { plannableType: 'assignment', plannableId: 43, overrideId: null },
      false,
    );
    expect(requests('POST /api/v1/planner/overrides')).toBe(2);
    expect(canvas.state.overrides.get(done.overrideId)).toMatchObject({
      plannable_type: 'assignment',
      plannable_id: 42,
      user_id: 1,
      marked_complete: true,
    });
    expect(done.tokens).toEqual(tokens);
    const { items } = await planner.items(tokens, term);
    expect(items.map((item) => item.override)).toEqual([
      { id: done.overrideId, done: true },
      { id: notDone.overrideId, done: false },
    ]);
  });

  it('updates the override with PUT when the item has one, both ways, and a later read shows it', async () => {
    addAssignment(canvas, 1, { id: 42, due: dueOn(5) });
    const planner = plannerFor();
    const tokens = issueTokens(canvas, 1);
    const item = { plannableType: 'assignment', plannableId: 42, overrideId: null };
    const { overrideId } = await planner.setDone(tokens, item, true);

    const undone = await planner.setDone(tokens, { ...item, overrideId }, false);
    expect(undone.overrideId).toBe(overrideId);
    expect(requests(`PUT /api/v1/planner/overrides/${overrideId}`)).toBe(1);
    expect((await planner.items(tokens, term)).items[0]?.override).toEqual({
      id: overrideId,
      done: false,
    });

    await planner.setDone(tokens, { ...item, overrideId }, true);
    expect(requests(`PUT /api/v1/planner/overrides/${overrideId}`)).toBe(2);
    expect(requests('POST /api/v1/planner/overrides')).toBe(1);
    expect((await planner.items(tokens, term)).items[0]?.override).toEqual({
      id: overrideId,
      done: true,
    });
  });

  it('is unavailable when Canvas no longer has the override', async () => {
    addAssignment(canvas, 1, { id: 42, due: dueOn(5) });
    const item = { plannableType: 'assignment', plannableId: 42, overrideId: 999 };
    const error = await failureOf(plannerFor().setDone(issueTokens(canvas, 1), item, true));
    expect([error.failure, error.status]).toEqual(['unavailable', 404]);
  });
});

describe('the student’s tokens', () => {
  it('are refreshed before a read when the access token has expired, keeping the refresh token', async () => {
    addAssignment(canvas, 1, { id: 1, due: dueOn(1) });
    const expired = issueTokens(canvas, 1, { expiresIn: -10 });
    const before = Date.now();
    const { items, tokens } = await plannerFor().items(expired, term);
    expect(items).toHaveLength(1);
    expect(requests(`POST ${TOKEN}`)).toBe(1);
    expect(tokens.refresh).toBe(expired.refresh);
    expect(tokens.access).not.toBe(expired.access);
    expect(canvas.state.accessTokens.has(tokens.access)).toBe(true);
    expect(tokens.expiresAt).toBeGreaterThanOrEqual(before + 3600_000);
  });

  it('are refreshed when the access token expires within a minute, and used as they are otherwise', async () => {
    const planner = plannerFor();
    const soon = issueTokens(canvas, 1, { expiresIn: 30 });
    expect((await planner.items(soon, term)).tokens.access).not.toBe(soon.access);
    expect(requests(`POST ${TOKEN}`)).toBe(1);
    const later = issueTokens(canvas, 1, { expiresIn: 120 });
    expect((await planner.items(later, term)).tokens).toBe(later);
    expect(requests(`POST ${TOKEN}`)).toBe(1);
  });

  it('keep the refresh token when a refresh answer has none, and take a new one when it has', async () => {
    const planner = plannerFor();
    const tokens = issueTokens(canvas, 1);
    const refreshed = await planner.refresh(tokens);
    expect(refreshed.refresh).toBe(tokens.refresh);
    expect(refreshed.access).not.toBe(tokens.access);
    canvas.state.answerNext.push({
      path: TOKEN,
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        access_token: 'a2',
        token_type: 'Bearer',
        refresh_token: 'r2',
        expires_in: 60,
      }),
    });
    expect(await planner.refresh(refreshed)).toMatchObject({ access: 'a2', refresh: 'r2' });
  });

  it('are not taken from a token answer that redirects: the grant is bounded as every call is', async () => {
    canvas.state.answerNext.push({
      path: TOKEN,
      status: 302,
      headers: { location: 'https://elsewhere.example.edu/token' },
      body: '',
    });
    const error = await failureOf(plannerFor().refresh(issueTokens(canvas, 1)));
    expect([error.failure, error.status]).toEqual(['unavailable', 302]);
  });

  it('are refused when Canvas no longer knows the refresh token', async () => {
    const tokens: CanvasTokens = { access: 'gone', refresh: 'gone-too', expiresAt: 0 };
    const refresh = await failureOf(plannerFor().refresh(tokens));
    expect([refresh.failure, refresh.status]).toEqual(['refused', 400]);
    const read = await failureOf(plannerFor().items(tokens, term));
    expect(read.failure).toBe('refused');
  });

  it('are refreshed once when the access token stops working mid-way through the pages', async () => {
    for (let day = 1; day <= 5; day += 1) addAssignment(canvas, 1, { id: day, due: dueOn(day) });
    canvas.state.onRequest = (method, path) => {
      if (method === 'GET' && path === ITEMS && requests(`GET ${ITEMS}`) === 2) {
        canvas.state.expireAll();
      }
    };
    const tokens = issueTokens(canvas, 1);
    const read = await plannerFor().items(tokens, term);
    expect(read.items.map((item) => item.plannableId)).toEqual([1, 2, 3, 4, 5]);
    expect(requests(`POST ${TOKEN}`)).toBe(1);
    expect(requests(`GET ${ITEMS}`)).toBe(4);
    expect(read.tokens.access).not.toBe(tokens.access);
    expect(read.tokens.refresh).toBe(tokens.refresh);
  });

  it('are refused when Canvas answers 401 again after the one refresh', async () => {
    canvas.state.onRequest = (method, path) => {
      if (path === ITEMS) canvas.state.expireAll();
    };
    const error = await failureOf(plannerFor().items(issueTokens(canvas, 1), term));
    expect([error.failure, error.status]).toEqual(['refused', 401]);
    expect(requests(`POST ${TOKEN}`)).toBe(1);
    expect(requests(`GET ${ITEMS}`)).toBe(2);
  });

  it('are refused on a 403 that is not the rate limit', async () => {
    canvas.state.answerNext.push({
      path: ITEMS,
      status: 403,
      body: JSON.stringify({ status: 'unauthorized', errors: [{ message: 'not authorized' }] }),
    });
    const error = await failureOf(plannerFor().items(issueTokens(canvas, 1), term));
    expect([error.failure, error.status]).toEqual(['refused', 403]);
    expect(sleeps).toEqual([]);
  });
});

describe('Canvas’s rate limit', () => {
  it('is waited out: two 403 Rate Limit Exceeded answers, then the read succeeds', async () => {
    addAssignment(canvas, 1, { id: 1, due: dueOn(1) });
    canvas.state.throttleNext = 2;
    const { items } = await plannerFor().items(issueTokens(canvas, 1), term);
    expect(items).toHaveLength(1);
    expect(sleeps).toEqual([1000, 2000]);
    expect(requests(`GET ${ITEMS}`)).toBe(3);
  });

  it('is throttled after four 403 Rate Limit Exceeded answers in a row', async () => {
    canvas.state.throttleNext = 4;
    const error = await failureOf(plannerFor().items(issueTokens(canvas, 1), term));
    expect(error.failure).toBe('throttled');
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(requests(`GET ${ITEMS}`)).toBe(4);
  });

  it('is waited out when marking done too', async () => {
    addAssignment(canvas, 1, { id: 1, due: dueOn(1) });
    canvas.state.throttleNext = 1;
    const item = { plannableType: 'assignment', plannableId: 1, overrideId: null };
    await plannerFor().setDone(issueTokens(canvas, 1), item, true);
    expect(sleeps).toEqual([1000]);
    expect(canvas.state.overrides.size).toBe(1);
  });
});

describe('an answer from Canvas', () => {
  const answer = (body: string | Buffer, extra: { status?: number; chunked?: boolean } = {}) =>
    canvas.state.answerNext.push({
      path: ITEMS,
      status: extra.status ?? 200,
      headers: { 'content-type': 'application/json' },
      body,
      ...(extra.chunked ? { chunked: true } : {}),
    });
  /** A JSON empty list of exactly `bytes` bytes. */
  const emptyList = (bytes: number) => `[${' '.repeat(bytes - 2)}]`;
  const read = () => plannerFor().items(issueTokens(canvas, 1), term);

  it('is too large over 2 MB by its Content-Length', async () => {
    answer(emptyList(2 * MB + 1));
    expect((await failureOf(read())).failure).toBe('too-large');
  });

  it('is too large by its Content-Length before its body is read', async () => {
    // A body that never comes: only the declared length can tell, without waiting for it.
    canvas.state.answerNext.push({
      path: ITEMS,
      status: 200,
      headers: { 'content-type': 'application/json', 'content-length': String(3 * MB) },
      body: '[',
      hold: true,
    });
    expect((await failureOf(read())).failure).toBe('too-large');
  });

  it('is too large over 2 MB without a Content-Length, once read past 2 MB', async () => {
    answer(emptyList(3 * MB), { chunked: true });
    expect((await failureOf(read())).failure).toBe('too-large');
  });

  it('is taken at exactly 2 MB', async () => {
    answer(emptyList(2 * MB), { chunked: true });
    expect((await read()).items).toEqual([]);
  });

  it('is unavailable when it is an HTML page', async () => {
    answer('<!DOCTYPE html><html><body>Canvas is down for maintenance</body></html>');
    const error = await failureOf(read());
    expect([error.failure, error.status]).toEqual(['unavailable', 200]);
  });

  it('is unavailable when its JSON is not a page of planner items', async () => {
    answer(JSON.stringify({ items: [] }));
    expect((await failureOf(read())).failure).toBe('unavailable');
    answer(JSON.stringify([{ plannable_id: 'x', plannable_type: 'assignment', plannable: {} }]));
    expect((await failureOf(read())).failure).toBe('unavailable');
    answer(
      JSON.stringify([
        { plannable_id: 1, plannable_type: 'assignment', plannable: { due_at: 'soon' } },
      ]),
    );
    expect((await failureOf(read())).failure).toBe('unavailable');
  });

  it('is unavailable on a server error, with its status', async () => {
    answer('Bad Gateway', { status: 502 });
    const error = await failureOf(read());
    expect([error.failure, error.status]).toEqual(['unavailable', 502]);
  });

  it('is unavailable when it is a redirect, which is not followed', async () => {
    const other = await startFakeCanvas();
    try {
      canvas.state.answerNext.push({
        path: ITEMS,
        status: 302,
        headers: { location: `${other.url}${ITEMS}` },
        body: '',
      });
      const error = await failureOf(read());
      expect([error.failure, error.status]).toEqual(['unavailable', 302]);
      expect(other.state.requests.size).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('is unavailable when Canvas cannot be reached', async () => {
    const gone = await startFakeCanvas();
    await gone.close();
    const planner = plannerFor({ url: gone.url });
    const tokens: CanvasTokens = { access: 'a', refresh: 'r', expiresAt: Date.now() + 3600_000 };
    expect((await failureOf(planner.items(tokens, term))).failure).toBe('unavailable');
  });
});

describe('disconnecting a student', () => {
  it('revokes the token with DELETE, after which Canvas refuses it', async () => {
    const planner = plannerFor();
    const tokens = issueTokens(canvas, 1);
    await planner.revoke(tokens);
    expect(requests(`DELETE ${TOKEN}`)).toBe(1);
    expect(canvas.state.revoked).toEqual(new Set([tokens.access, tokens.refresh]));
    expect((await failureOf(planner.items(tokens, term))).failure).toBe('refused');
  });

  it('is done when Canvas no longer knows the token', async () => {
    const planner = plannerFor();
    const tokens = issueTokens(canvas, 1);
    await planner.revoke(tokens);
    await expect(planner.revoke(tokens)).resolves.toBeUndefined();
    expect(requests(`DELETE ${TOKEN}`)).toBe(2);
    // Expired, with a refresh token Canvas no longer knows: nothing left to revoke.
    await expect(planner.revoke({ ...tokens, expiresAt: 0 })).resolves.toBeUndefined();
    expect(requests(`DELETE ${TOKEN}`)).toBe(2);
  });

  it('refreshes an expired access token first, and revokes the new one', async () => {
    const expired = issueTokens(canvas, 1, { expiresIn: -10 });
    await plannerFor().revoke(expired);
    expect(requests(`POST ${TOKEN}`)).toBe(1);
    expect(requests(`DELETE ${TOKEN}`)).toBe(1);
    expect(canvas.state.revoked.has(expired.refresh)).toBe(true);
    expect(canvas.state.accessTokens.size).toBe(0);
  });

  it('fails when Canvas answers with a server error', async () => {
    canvas.state.answerNext.push({ path: TOKEN, status: 500, body: 'oops' });
    const error = await failureOf(plannerFor().revoke(issueTokens(canvas, 1)));
    expect([error.failure, error.status]).toEqual(['unavailable', 500]);
  });
});

describe('an error’s message', () => {
  it('never contains a token, even when Canvas’s answer does', async () => {
    const planner = plannerFor();
    const tokens = issueTokens(canvas, 1);
    const echo = `access ${tokens.access} refresh ${tokens.refresh}`;
    const errors: CanvasError[] = [];

    canvas.state.answerNext.push({
      path: TOKEN,
      status: 400,
      body: JSON.stringify({ error: 'invalid_grant', error_description: echo }),
    });
    const refused = await failureOf(planner.refresh(tokens));
    expect(refused.message).toContain('invalid_grant');
    errors.push(refused);

    canvas.state.answerNext.push({
      path: TOKEN,
      status: 401,
      body: JSON.stringify({ error: echo }),
    });
    errors.push(await failureOf(planner.refresh(tokens)));

    canvas.state.answerNext.push({ path: ITEMS, status: 500, body: echo });
    errors.push(await failureOf(planner.items(tokens, term)));

    canvas.state.answerNext.push({ path: ITEMS, status: 200, body: `<p>${echo}</p>` });
    errors.push(await failureOf(planner.items(tokens, term)));

    canvas.state.answerNext.push({ path: ITEMS, status: 403, body: echo });
    errors.push(await failureOf(planner.items(tokens, term)));

    canvas.state.throttleNext = 4;
    errors.push(await failureOf(planner.items(tokens, term)));

    canvas.state.expireAll();
    canvas.state.onRequest = (_method, path) => {
      if (path === ITEMS) canvas.state.expireAll();
    };
    errors.push(await failureOf(planner.items(tokens, term)));

    expect(errors.map((error) => error.failure)).toEqual([
      'refused',
      'refused',
      'unavailable',
      'unavailable',
      'refused',
      'throttled',
      'refused',
    ]);
    for (const error of errors) {
      for (const secret of [tokens.access, tokens.refresh]) {
        expect(error.message).not.toContain(secret);
        expect(String(error.stack)).not.toContain(secret);
      }
    }
  });
});
