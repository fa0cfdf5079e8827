import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseworkSchema } from '../../../../contract/coursework.schema.js';
import { errorSchema } from '../../../../contract/error.schema.js';
import { FakeLms } from '../../../fake-feeds/fake-lms.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/feeds/${name}`, import.meta.url), 'utf8');

const CANVAS_TOKEN = 'user_7Hq2LmZx9PcVb4NwRt8KjYs3DfGa6UeIo1';
const CANVAS_PATH = `/feeds/calendars/${CANVAS_TOKEN}.ics`;
const MOODLE_TOKEN = '0f3c5e9a1b7d4c2e8f6a0b3d5c7e9f1a';
const MOODLE_PATH = `/calendar/export_execute.php?userid=812&authtoken=${MOODLE_TOKEN}&preset_what=all&preset_time=recentupcoming`;

let now = new Date('2026-10-25T12:00:00.000Z');
let lms: FakeLms;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  lms = await FakeLms.start();
  const dir = mkdtempSync(join(tmpdir(), 'portal-coursework-'));
  const campusFile = join(dir, 'campus.json');
  writeFileSync(
    campusFile,
    JSON.stringify({ lms: { calendarHosts: ['canvas.campus.example.edu', lms.host] } }),
  );
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await createTestApp({
    clock: () => now,
    env: { CAMPUS_CONFIG: campusFile, FEED_TIMEOUT_MS: '1500' },
    coursework: { ca: lms.cert, random: () => 0.5 },
    logger: { level: 'debug', stream },
  });
});
afterAll(async () => {
  await app.close();
  await lms.close();
});

const auth = async (persona: 'student' | 'new-student') => ({
  authorization: `Token ${(await signIn(app, persona)).token}`,
});

/** Every API answer of the suite, to check that no feed address is ever in one. */
const answers: string[] = [];

async function call(
  headers: Record<string, string>,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  payload?: unknown,
) {
  // A refresh reads the LMS at most once a minute: each of the suite's is a minute after the last.
  if (url === '/api/coursework/refresh') now = new Date(now.getTime() + 61_000);
  const response = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  answers.push(response.body);
  return response;
}

async function coursework(headers: Record<string, string>) {
  const response = await call(headers, 'GET', '/api/coursework');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return courseworkSchema.parse(response.json());
}

async function paste(headers: Record<string, string>, address: string) {
  return call(headers, 'PUT', '/api/coursework/feed', { address });
}

describe('a Canvas calendar feed', () => {
  it('becomes coursework items: title without the course suffix, the course, the due time and the link back', async () => {
    const headers = await auth('student');
    expect(await coursework(headers)).toEqual({
      feed: { state: 'none' },
      canvas_available: false,
      items: [],
    });
    const address = lms.serve(CANVAS_PATH, { kind: 'calendar', body: fixture('canvas-user.ics') });
    const added = await paste(headers, address);
    expect(added.statusCode).toBe(200);
    const { feed, items } = courseworkSchema.parse(added.json());
    expect(feed).toEqual({
      state: 'connected',
      kind: 'calendar',
      masked: `https://${lms.host}/…${CANVAS_TOKEN.slice(-4)}`,
      source: 'canvas',
      status: 'current',
      read_at: now.toISOString(),
      refresh_after: null,
    });
    expect(items[0]).toEqual({
      id: 'event-assignment-99812@2026-10-30T06:59:00.000Z',
      title: 'Essay 2',
      course: 'ENGL 101',
      due: '2026-10-30T06:59:00.000Z',
      all_day: false,
      link: 'https://canvas.campus.example.edu/courses/4021/assignments/99812',
      source: 'canvas',
      kind: 'deadline',
      current: true,
      done: false,
      // A calendar feed says nothing of submissions (a Canvas connection does).
      submission: null,
    });
    expect(await coursework(headers)).toEqual({ feed, canvas_available: false, items });
  });

  it('an all-day item is due at the end of that campus day (23:59:59.999 in the campus time zone)', async () => {
    const headers = await auth('student');
    const { items } = await coursework(headers);
    const reading = items.find((i) => i.title === 'Reading response 5');
    expect(reading).toMatchObject({ course: 'HIST 104', all_day: true });
    // 5 November 2026 ends at 8:00 UTC on the 6th in Los Angeles (PST, UTC−8).
    expect(reading?.due).toBe('2026-11-06T07:59:59.999Z');
  });

  it('an item written in another time zone than the campus’s is due at that zone’s instant', async () => {
    const { items } = await coursework(await auth('student'));
    // 23:59 in New York (EST, UTC−5) on 2 November.
    expect(items.find((i) => i.title === 'Quiz 4')?.due).toBe('2026-11-03T04:59:00.000Z');
  });

  it('leaves out items past due more than 14 days and cancelled ones, soonest first', async () => {
    const { items } = await coursework(await auth('student'));
    expect(items.map((i) => i.title)).toEqual(['Essay 2', 'Quiz 4', 'Reading response 5']);
  });
});

describe('Mark done: the portal keeps a coursework item done', () => {
  const ESSAY = 'event-assignment-99812@2026-10-30T06:59:00.000Z';
  const markDone = async (headers: Record<string, string>, id: string, done: boolean) =>
    call(headers, 'PUT', '/api/coursework/done', { id, done });
  const essay = (c: { items: { id: string; title: string; done: boolean; due: string }[] }) =>
    c.items.find((i) => i.title === 'Essay 2');

  it('marks an item done for this student only, shown done in every answer after', async () => {
    const headers = await auth('student');
    const marked = await markDone(headers, ESSAY, true);
    expect(marked.statusCode).toBe(200);
    expect(marked.headers['cache-control']).toBe('no-store');
    const answer = courseworkSchema.parse(marked.json());
    expect(essay(answer)).toMatchObject({ id: ESSAY, done: true });
    expect(answer.items.filter((i) => i.done)).toHaveLength(1);
    expect(essay(await coursework(headers))?.done).toBe(true);
    // Another student has no such item: nothing of theirs changes.
    const other = await markDone(await auth('new-student'), ESSAY, true);
    expect(other.statusCode).toBe(404);
    expect(errorSchema.parse(other.json()).detail).toBe('No such coursework item.');
  });

  it('a done item stays done when the feed is read again, even after the LMS moved its due time (kept by UID)', async () => {
    const headers = await auth('student');
    const moved = fixture('canvas-user.ics').replace(
      'DTSTART:20261030T065900Z',
      'DTSTART:20261031T065900Z',
    );
    lms.serve(CANVAS_PATH, { kind: 'calendar', body: moved });
    const read = courseworkSchema.parse(
      (await call(headers, 'POST', '/api/coursework/refresh')).json(),
    );
    expect(essay(read)).toMatchObject({ due: '2026-10-31T06:59:00.000Z', done: true });
    lms.serve(CANVAS_PATH, { kind: 'calendar', body: fixture('canvas-user.ics') });
    const back = courseworkSchema.parse(
      (await call(headers, 'POST', '/api/coursework/refresh')).json(),
    );
    expect(essay(back)).toMatchObject({ id: ESSAY, done: true });
  });

  it('an item that has come due stays after the next reading for 14 days, to be shown overdue until done', async () => {
    const saved = now;
    const refresh = async () =>
      courseworkSchema.parse(
        (await call(await auth('student'), 'POST', '/api/coursework/refresh')).json(),
      );
    // A day after it was due: the feed's reader leaves it out, the portal keeps it.
    now = new Date('2026-10-31T12:00:00.000Z');
    expect(essay(await refresh())).toMatchObject({
      id: ESSAY,
      due: '2026-10-30T06:59:00.000Z',
      done: true,
    });
    // Over 14 days after: gone.
    now = new Date('2026-11-14T12:00:00.000Z');
    expect(essay(await refresh())).toBeUndefined();
    now = saved;
    expect(essay(await refresh())).toMatchObject({ id: ESSAY, done: true });
  });

  it('Undo: marked not done again, it is shown not done', async () => {
    const headers = await auth('student');
    const undone = courseworkSchema.parse((await markDone(headers, ESSAY, false)).json());
    expect(essay(undone)?.done).toBe(false);
    expect(essay(await coursework(headers))?.done).toBe(false);
    // Undoing twice changes nothing and is no error.
    expect((await markDone(headers, ESSAY, false)).statusCode).toBe(200);
  });

  it('refuses an unknown item (404) and a body with anything else or a done that is not true/false (400)', async () => {
    const headers = await auth('student');
    expect(
      (await markDone(headers, 'event-assignment-1@2026-10-30T06:59:00.000Z', true)).statusCode,
    ).toBe(404);
    const extra = await call(headers, 'PUT', '/api/coursework/done', {
      id: ESSAY,
      done: true,
      user_id: 2,
    });
    expect(extra.statusCode).toBe(400);
    const notBoolean = await call(headers, 'PUT', '/api/coursework/done', {
      id: ESSAY,
      done: 'yes',
    });
    expect(notBoolean.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'PUT',
      url: '/api/coursework/done',
      payload: { id: ESSAY, done: true },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(essay(await coursework(headers))?.done).toBe(false);
  });
});

describe('a Moodle calendar feed', () => {
  it('becomes coursework items from Moodle, a weekly series as its next occurrence', async () => {
    const headers = await auth('new-student');
    const address = lms.serve(MOODLE_PATH, {
      kind: 'calendar',
      body: fixture('moodle-export.ics'),
    });
    expect((await paste(headers, address)).statusCode).toBe(200);
    const { feed, items } = await coursework(headers);
    expect(feed).toMatchObject({ state: 'connected', source: 'moodle', status: 'current' });
    expect(items.map((i) => [i.title, i.due, i.source])).toEqual([
      ['Weekly quiz closes', '2026-11-02T17:00:00.000Z', 'moodle'],
      ['Lab report 3 is due', '2026-11-06T07:30:00.000Z', 'moodle'],
    ]);
    expect(items[1]?.link).toBe('https://moodle.campus.example.edu/mod/assign/view.php?id=5521');
    await call(headers, 'DELETE', '/api/coursework/feed');
  });
});

describe('a feed added after an assignment came due (issue 57)', () => {
  it('an assignment already overdue when the feed is added shows, overdue, for 14 days after its due time', async () => {
    const headers = await auth('new-student');
    const event = (uid: string, due: string, title: string) =>
      [
        'BEGIN:VEVENT',
        `DTSTART:${due}`,
        `DTEND:${due}`,
        `SUMMARY:${title} [ENGL 101]`,
        `UID:${uid}`,
        'END:VEVENT',
      ].join('\r\n');
    const body = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Instructure//Canvas LMS//EN',
      // Due 3 days before the paste, 15 days before it, and 5 days after it.
      event('event-assignment-1', '20261022T065900Z', 'Essay draft'),
      event('event-assignment-2', '20261010T065900Z', 'Old essay'),
      event('event-assignment-3', '20261030T065900Z', 'Final essay'),
      'END:VCALENDAR',
    ].join('\r\n');
    const address = lms.serve('/feeds/calendars/user_late_added.ics', { kind: 'calendar', body });
    expect((await paste(headers, address)).statusCode).toBe(200);
    const { items } = await coursework(headers);
    expect(items.map((i) => [i.title, i.due, i.done])).toEqual([
      ['Essay draft', '2026-10-22T06:59:00.000Z', false],
      ['Final essay', '2026-10-30T06:59:00.000Z', false],
    ]);
    const saved = now;
    try {
      // Read again 13 days after its due time: still there; 15 days after: gone.
      const refresh = async () =>
        courseworkSchema
          .parse((await call(await auth('new-student'), 'POST', '/api/coursework/refresh')).json())
          .items.map((i) => i.title);
      now = new Date('2026-11-04T06:00:00.000Z');
      expect(await refresh()).toContain('Essay draft');
      now = new Date('2026-11-06T12:00:00.000Z');
      expect(await refresh()).not.toContain('Essay draft');
    } finally {
      now = saved;
      await call(await auth('new-student'), 'DELETE', '/api/coursework/feed');
    }
  });
});

describe('a bad paste gets a clear error and changes nothing', () => {
  const cases: Array<[string, () => string, RegExp]> = [
    ['a non-https address', () => lms.url(CANVAS_PATH).replace('https:', 'http:'), /https:\/\//],
    [
      'a host the campus configuration does not allow',
      () => `https://canvas.elsewhere.example.org${CANVAS_PATH}`,
      /not a course site this portal reads/,
    ],
    [
      'a 20 MB feed',
      () => lms.serve('/feeds/calendars/user_huge.ics', { kind: 'huge', bytes: 20 * 1024 * 1024 }),
      /larger than/,
    ],
    [
      'a feed that never ends',
      () => lms.serve('/feeds/calendars/user_endless.ics', { kind: 'endless' }),
      /took too long/,
    ],
    [
      'an HTML page instead of a calendar',
      () => lms.serve('/feeds/calendars/user_login.ics', { kind: 'html' }),
      /web page, not a calendar/,
    ],
    ['not an address at all', () => 'my canvas calendar', /not a web address/],
  ];

  it.each(cases)('%s', async (_name, address, detail) => {
    const headers = await auth('student');
    const before = await coursework(headers);
    expect(before.feed.state).toBe('connected');
    const refused = await paste(headers, address());
    expect(refused.statusCode).toBe(400);
    expect(errorSchema.parse(refused.json()).detail).toMatch(detail);
    expect(await coursework(headers)).toEqual(before);
    // The server is unaffected: it answers at once.
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('issue 76: the Coursework calendar errors are in the reader’s language, not English in Spanish', async () => {
    const headers = { ...(await auth('student')), 'accept-language': 'es-US,es;q=0.9' };
    const said = async (address: string) =>
      errorSchema.parse((await paste(headers, address)).json()).detail;
    expect(await said('my canvas calendar')).toBe(
      'Eso no es una dirección web. Copie la dirección completa de la fuente del calendario.',
    );
    expect(await said(lms.url(CANVAS_PATH).replace('https:', 'http:'))).toBe(
      'La dirección de la fuente del calendario debe empezar con https://.',
    );
    expect(await said(`https://canvas.elsewhere.example.org${CANVAS_PATH}`)).toMatch(
      /^canvas\.elsewhere\.example\.org no es un sitio de cursos que este portal lea\./,
    );
    const page = lms.serve('/feeds/calendars/user_login_es.ics', { kind: 'html' });
    expect(await said(page)).toMatch(/^Esa dirección dio una página web, no un calendario\./);
    // An item the student does not have, marked done: the 404's words in Spanish too.
    const missing = await call(headers, 'PUT', '/api/coursework/done', {
      id: 'event-none@2026-10-30T06:59:00.000Z',
      done: true,
    });
    expect(missing.statusCode).toBe(404);
    expect(errorSchema.parse(missing.json()).detail).toBe('No existe ese trabajo de clase.');
  });

  it('a body with anything but the address is refused (strict)', async () => {
    const headers = await auth('student');
    const refused = await call(headers, 'PUT', '/api/coursework/feed', {
      address: lms.url(CANVAS_PATH),
      source: 'canvas',
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('reading on a schedule', () => {
  it('sends the last ETag and keeps the items when the feed is unchanged (304)', async () => {
    const headers = await auth('new-student');
    const path = '/feeds/calendars/user_etag.ics';
    const address = lms.serve(path, {
      kind: 'calendar',
      body: fixture('canvas-user.ics'),
      etag: '"v1"',
      lastModified: 'Tue, 20 Oct 2026 12:00:00 GMT',
    });
    expect((await paste(headers, address)).statusCode).toBe(200);
    const before = await coursework(headers);
    // Not due yet: the next reading is about 30 minutes on.
    now = new Date(now.getTime() + 10 * 60_000);
    const reads = () => lms.requests.filter((r) => r.path === path);
    const count = reads().length;
    await app.coursework.pollOnce();
    expect(reads()).toHaveLength(count);
    now = new Date(now.getTime() + 25 * 60_000);
    await app.coursework.pollOnce();
    expect(reads()).toHaveLength(count + 1);
    expect(reads().at(-1)?.headers).toMatchObject({
      'if-none-match': '"v1"',
      'if-modified-since': 'Tue, 20 Oct 2026 12:00:00 GMT',
    });
    // Signed in again: the session idled out while the clock moved.
    const after = await coursework(await auth('new-student'));
    expect(after.items).toEqual(before.items);
    expect(after.feed).toMatchObject({ status: 'current', read_at: now.toISOString() });
    await call(await auth('new-student'), 'DELETE', '/api/coursework/feed');
  });

  it('a link the LMS stopped accepting (401) marks the feed broken, its items not current, and stops polling until a new address', async () => {
    const headers = await auth('new-student');
    const path = '/feeds/calendars/user_reset.ics';
    const address = lms.serve(path, { kind: 'calendar', body: fixture('canvas-user.ics') });
    expect((await paste(headers, address)).statusCode).toBe(200);
    lms.serve(path, { kind: 'status', status: 401 });
    const refreshed = await call(headers, 'POST', '/api/coursework/refresh');
    expect(refreshed.statusCode).toBe(200);
    const { feed, items } = courseworkSchema.parse(refreshed.json());
    expect(feed).toMatchObject({ status: 'broken', source: 'canvas' });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => !i.current)).toBe(true);
    const count = lms.requests.filter((r) => r.path === path).length;
    now = new Date(now.getTime() + 3 * 3_600_000);
    await app.coursework.pollOnce();
    expect(lms.requests.filter((r) => r.path === path)).toHaveLength(count);
    // A new address: current again, read on schedule again.
    const fresh = lms.serve('/feeds/calendars/user_new.ics', {
      kind: 'calendar',
      body: fixture('canvas-user.ics'),
    });
    const again = await auth('new-student');
    const added = courseworkSchema.parse((await paste(again, fresh)).json());
    expect(added.feed).toMatchObject({ status: 'current' });
    expect(added.items.every((i) => i.current)).toBe(true);
  });

  it('a failed reading that is not a refusal keeps the items, marked not current (stale)', async () => {
    const headers = await auth('new-student');
    lms.serve('/feeds/calendars/user_new.ics', { kind: 'status', status: 503 });
    const { feed, items } = courseworkSchema.parse(
      (await call(headers, 'POST', '/api/coursework/refresh')).json(),
    );
    expect(feed).toMatchObject({ status: 'stale' });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => !i.current)).toBe(true);
  });

  it('Remove forgets the address and the items', async () => {
    const headers = await auth('new-student');
    const removed = await call(headers, 'DELETE', '/api/coursework/feed');
    expect(courseworkSchema.parse(removed.json())).toEqual({
      feed: { state: 'none' },
      canvas_available: false,
      items: [],
    });
  });
});

describe('the address is a bearer secret', () => {
  it('never appears in any API answer', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const body of answers) {
      expect(body).not.toContain(CANVAS_TOKEN);
      expect(body).not.toContain(MOODLE_TOKEN);
      expect(body).not.toContain('user_etag');
      expect(body).not.toContain('user_reset');
    }
  });

  it('never appears in any log line', () => {
    expect(logLines.length).toBeGreaterThan(10);
    for (const line of logLines) {
      expect(line).not.toContain(CANVAS_TOKEN);
      expect(line).not.toContain(MOODLE_TOKEN);
      expect(line).not.toContain('user_etag');
      expect(line).not.toContain('user_reset');
    }
  });

  it('is stored sealed, never in the clear', async () => {
    const store = app.repositories.coursework;
    const users = await store.dueForReading(new Date('9999-01-01T00:00:00.000Z'), 100);
    expect(users.length).toBeGreaterThan(0);
    for (const userId of users) {
      const sealed = (await store.feedOf(userId))?.addressSealed ?? '';
      expect(sealed.length).toBeGreaterThan(40);
      expect(sealed).not.toContain('feeds/calendars');
      expect(sealed).not.toContain(CANVAS_TOKEN);
    }
  });
});
