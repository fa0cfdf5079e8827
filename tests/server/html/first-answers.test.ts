import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { attendanceSchema } from '../../../contract/attendance.schema.js';
import {
  FIRST_ANSWERS_ID,
  NEXT_STEPS_FIRST,
  firstAttendancePath,
} from '../../../contract/first-answers.rules.js';
import { userTaskListSchema } from '../../../contract/next-steps/task.schema.js';
import { nextStepsUserListSchema } from '../../../contract/next-steps/user.schema.js';
import { KEEP_UNTIL_HEADER } from '../../../contract/offline.rules.js';
import { currentTermAnswerSchema } from '../../../contract/sis/term.schema.js';
import { termInfoAnswerSchema } from '../../../contract/sis/term-info.schema.js';
import { isSisWarning } from '../../../contract/sis/warning.schema.js';
import { userSchema } from '../../../contract/user.schema.js';
import { withFirstAnswers } from '../../../server/html/app-page.js';
import type { SisPort } from '../../../server/sis/port.js';
import { SampleSis } from '../../../server/sis/sample-adapter.js';
import { createTestApp, postDemoSignIn, sessionCookieOf, signIn } from '../helpers/app.js';

const PRELOADS = `
    <link rel="preload" href="/api/status" as="fetch" crossorigin="anonymous" />
    <link rel="preload" href="/api/users/user" as="fetch" crossorigin="use-credentials" />`;
const PAGE = `<!doctype html><html><head><title>t</title>${PRELOADS}</head><body><div id="root"></div></body></html>`;

/** The API answers the page's preload links ask for. */
const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="\/api\/([^"]+)"/g)].map(([, path]) => path);

/** Next Steps' page, with its preload of the person's record (next-steps/index.html). */
const NEXT_STEPS_PAGE = `<!doctype html><html><head><title>t</title>
    <link rel="preload" href="/next-steps/api/user/" as="fetch" crossorigin="use-credentials" />
</head><body><div id="root"></div></body></html>`;

function builtApps(nextStepsPage = PAGE) {
  const dir = mkdtempSync(path.join(tmpdir(), 'first-answers-'));
  mkdirSync(path.join(dir, 'next-steps'));
  writeFileSync(path.join(dir, 'index.html'), PAGE);
  writeFileSync(path.join(dir, 'next-steps', 'index.html'), nextStepsPage);
  return dir;
}

/** The headers a browser sends when it opens a page (a link, the address bar, a reload). */
const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

/** The page as a browser's parser reads it. */
function documentOf(html: string) {
  const { document } = new JSDOM(html).window;
  if (!document) throw new Error('jsdom gave no document');
  return document;
}

/** The page's first-answers block, as a browser's parser reads it; null when the page has none. */
function firstAnswersOf(html: string): Record<string, unknown> | null {
  const document = documentOf(html);
  const text = document.getElementById(FIRST_ANSWERS_ID)?.textContent;
  return text ? z.record(z.string(), z.unknown()).parse(JSON.parse(text)) : null;
}

const userIn = (html: string) => {
  const user = firstAnswersOf(html)?.['users/user'];
  return user === undefined ? null : userSchema.parse(user);
};

let app: FastifyInstance;
afterEach(async () => app.close());

describe("a signed-in person's page carries their first answers (issue 63)", () => {
  it('two people, two sessions: each page carries the status and the user of the person who asked, as the API answers them', async () => {
    app = await createTestApp({ clientDir: builtApps() });
    const student = await signIn(app, 'student');
    const staff = await signIn(app, 'staff');
    for (const [person, name] of [
      [student, 'student'],
      [staff, 'staff'],
    ] as const) {
      const page = await app.inject({
        url: '/',
        headers: { ...NAVIGATION, cookie: person.cookie },
      });
      expect(page.statusCode).toBe(200);
      const answers = firstAnswersOf(page.body);
      const own = await app.inject({ url: '/api/users/user', headers: { cookie: person.cookie } });
      expect(userIn(page.body), name).toEqual(userSchema.parse(own.json()));
      expect(userIn(page.body)?.auth_token, name).toBe(person.token);
      expect(answers?.status).toEqual((await app.inject({ url: '/api/status' })).json());
      // The page does not also preload what it carries.
      expect(preloaded(page.body), name).toEqual([]);
    }
    const studentPage = await app.inject({
      url: '/',
      headers: { ...NAVIGATION, cookie: student.cookie },
    });
    const staffPage = await app.inject({
      url: '/',
      headers: { ...NAVIGATION, cookie: staff.cookie },
    });
    expect(userIn(studentPage.body)?.username).not.toBe(userIn(staffPage.body)?.username);
  });

  it("the HTML with a person's answers is no-store, never asked for again by an ETag, and says until when the service worker may keep the answers", async () => {
    app = await createTestApp({ clientDir: builtApps() });
    const { cookie } = await signIn(app, 'student');
    const page = await app.inject({
      url: '/academics',
      headers: { ...NAVIGATION, cookie, 'accept-encoding': 'br' },
    });
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.etag).toBeUndefined();
    expect(page.headers['content-encoding']).toBe('br');
    // As every signed-in API answer: the worker keeps the carried answers no longer than the session.
    expect(Date.parse(String(page.headers[KEEP_UNTIL_HEADER]))).toBeGreaterThan(Date.now());
    expect(userIn(brotliDecompressSync(page.rawPayload).toString())).not.toBeNull();
  });

  it("carries the page's first SIS reads that are in the cache, as the API answers them", async () => {
    app = await createTestApp({ clientDir: builtApps() });
    const { cookie, token } = await signIn(app, 'student');
    const before = await app.inject({ url: '/', headers: { ...NAVIGATION, cookie } });
    expect(firstAnswersOf(before.body)?.['integrations/finti/current-term']).toBeUndefined();
    const read = await app.inject({
      url: '/api/integrations/finti/current-term',
      headers: { authorization: `Token ${token}` },
    });
    const after = await app.inject({ url: '/', headers: { ...NAVIGATION, cookie } });
    const term = firstAnswersOf(after.body)?.['integrations/finti/current-term'];
    expect(currentTermAnswerSchema.parse(term)).toEqual(read.json());
    // Another page's first screen does not read it: its answers do not carry it.
    const account = await app.inject({ url: '/account', headers: { ...NAVIGATION, cookie } });
    expect(firstAnswersOf(account.body)?.['integrations/finti/current-term']).toBeUndefined();
    expect(userIn(account.body)).not.toBeNull();
  });

  it("Academics carries the term's dates when the cache holds them: the attendance warning's read starts from them", async () => {
    app = await createTestApp({ clientDir: builtApps() });
    const { cookie, token } = await signIn(app, 'student');
    const before = await app.inject({ url: '/academics', headers: { ...NAVIGATION, cookie } });
    expect(firstAnswersOf(before.body)?.['integrations/finti/term-info']).toBeUndefined();
    const read = await app.inject({
      url: '/api/integrations/finti/term-info',
      headers: { authorization: `Token ${token}` },
    });
    const after = await app.inject({ url: '/academics', headers: { ...NAVIGATION, cookie } });
    expect(
      termInfoAnswerSchema.parse(firstAnswersOf(after.body)?.['integrations/finti/term-info']),
    ).toEqual(read.json());
    // The dashboard's first screen does not read it.
    const dashboard = await app.inject({ url: '/', headers: { ...NAVIGATION, cookie } });
    expect(firstAnswersOf(dashboard.body)?.['integrations/finti/term-info']).toBeUndefined();
  });

  it("Academics carries the attendance warning's read for the carried term when the cache holds it, each course's read mark as the API answers it", async () => {
    app = await createTestApp({ clientDir: builtApps() });
    const { cookie, token } = await signIn(app, 'student');
    const authorization = `Token ${token}`;
    const info = termInfoAnswerSchema.parse(
      (
        await app.inject({ url: '/api/integrations/finti/term-info', headers: { authorization } })
      ).json(),
    );
    if (isSisWarning(info)) throw new Error('the sample student has a term');
    const address = firstAttendancePath(info.term);
    const before = await app.inject({ url: '/academics', headers: { ...NAVIGATION, cookie } });
    expect(firstAnswersOf(before.body)?.[address]).toBeUndefined();
    const url = `/api/${address}`;
    const first = attendanceSchema.parse(
      (await app.inject({ url, headers: { authorization } })).json(),
    );
    const crn = first.courses[0]?.COURSEREGISTRATIONNUMBER ?? '';
    const marked = await app.inject({
      method: 'POST',
      url: '/api/academics/attendance/read',
      headers: { authorization, 'x-csrftoken': token },
      payload: { term: info.term, crn },
    });
    expect(marked.statusCode).toBe(200);
    const read = attendanceSchema.parse(
      (await app.inject({ url, headers: { authorization } })).json(),
    );
    const after = await app.inject({ url: '/academics', headers: { ...NAVIGATION, cookie } });
    expect(attendanceSchema.parse(firstAnswersOf(after.body)?.[address])).toEqual(read);
    // The mark made since the first read is in the carried answer.
    expect(read.courses.find((c) => c.COURSEREGISTRATIONNUMBER === crn)?.read_on).toEqual(
      expect.any(String),
    );
  });

  it('a cold cache answers the page without waiting for the SIS: no user, no reads, the app asks the API', async () => {
    const sample = new SampleSis();
    let hanging = false;
    const sis: SisPort = {
      read: (endpoint, person, term) =>
        hanging ? new Promise(() => {}) : sample.read(endpoint, person, term),
      dismissNudge: (person, code) => sample.dismissNudge(person, code),
    };
    app = await createTestApp({ clientDir: builtApps(), sis });
    // Signed in, but nothing of this person read yet: their SIS profile is not in the cache.
    const cookie = sessionCookieOf(await postDemoSignIn(app, 'student', { next: '/' }));
    hanging = true;
    const page = await app.inject({ url: '/', headers: { ...NAVIGATION, cookie } });
    expect(page.statusCode).toBe(200);
    const answers = firstAnswersOf(page.body);
    expect(Object.keys(answers ?? {})).toEqual(['status']);
    expect(preloaded(page.body)).toEqual(['users/user']);
  });

  it('a signed-out request, and an ended session, get the page with nobody’s data, as before', async () => {
    app = await createTestApp({ clientDir: builtApps() });
    const signedOut = await app.inject({ url: '/', headers: NAVIGATION });
    expect(signedOut.body).not.toContain(FIRST_ANSWERS_ID);
    expect(signedOut.headers[KEEP_UNTIL_HEADER]).toBeUndefined();
    expect(signedOut.headers['cache-control']).toBe('no-cache');
    expect(preloaded(signedOut.body)).toEqual(['status', 'users/user']);
    const ended = await app.inject({
      url: '/',
      headers: { ...NAVIGATION, cookie: 'portal_session=no-such-session' },
    });
    expect(ended.body).not.toContain(FIRST_ANSWERS_ID);
  });

  it("the service worker's precache of the shell gets the data-free page even with the person's cookie", async () => {
    app = await createTestApp({ clientDir: builtApps() });
    const { cookie } = await signIn(app, 'student');
    // Workbox's precache: a plain fetch of the shell's address with its revision, cookies and all.
    const precache = await app.inject({
      url: '/?__WB_REVISION__=abc123',
      headers: { cookie, 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'same-origin' },
    });
    expect(precache.statusCode).toBe(200);
    expect(precache.body).not.toContain(FIRST_ANSWERS_ID);
    expect(precache.headers.etag).toBeDefined();
    // A browser that does not say what it fetches gets the shell too.
    const unsaid = await app.inject({ url: '/', headers: { cookie } });
    expect(unsaid.body).not.toContain(FIRST_ANSWERS_ID);
    // Nor Next Steps' shell.
    const nextSteps = await app.inject({
      url: '/next-steps/?__WB_REVISION__=abc123',
      headers: { cookie, 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'same-origin' },
    });
    expect(nextSteps.body).not.toContain(FIRST_ANSWERS_ID);
  });

  it("Next Steps' page carries the person's record and the list's first load, as its API answers them, for that person alone", async () => {
    app = await createTestApp({ clientDir: builtApps(NEXT_STEPS_PAGE) });
    const student = await signIn(app, 'student');
    const staff = await signIn(app, 'staff');
    for (const [person, name] of [
      [student, 'student'],
      [staff, 'staff'],
    ] as const) {
      const page = await app.inject({
        url: '/next-steps/',
        headers: { ...NAVIGATION, cookie: person.cookie },
      });
      expect(page.headers['cache-control'], name).toBe('private, no-store');
      expect(Date.parse(String(page.headers[KEEP_UNTIL_HEADER])), name).toBeGreaterThan(Date.now());
      const answers = firstAnswersOf(page.body) ?? {};
      expect(Object.keys(answers).sort(), name).toEqual(Object.values(NEXT_STEPS_FIRST).sort());
      const api = (address: string, headers: Record<string, string>) =>
        app.inject({ url: `/next-steps/api/${address}`, headers }).then((r) => r.json<unknown>());
      const [own] = nextStepsUserListSchema.parse(answers[NEXT_STEPS_FIRST.user]);
      expect(own?.auth_token, name).toBe(person.token);
      const token = { authorization: `Token ${person.token}` };
      expect(answers[NEXT_STEPS_FIRST.user], name).toEqual(
        await api(NEXT_STEPS_FIRST.user, { cookie: person.cookie }),
      );
      expect(answers[NEXT_STEPS_FIRST.tasks], name).toEqual(
        await api(NEXT_STEPS_FIRST.tasks, token),
      );
      expect(answers[NEXT_STEPS_FIRST.categories], name).toEqual(
        await api(NEXT_STEPS_FIRST.categories, token),
      );
      // The page does not also preload the record it carries.
      expect(page.body, name).not.toContain('href="/next-steps/api/user/"');
    }
    // The student's list is theirs: it has tasks, and they are not the staff member's.
    const tasksOf = async (cookie: string) =>
      userTaskListSchema.parse(
        firstAnswersOf(
          (await app.inject({ url: '/next-steps/', headers: { ...NAVIGATION, cookie } })).body,
        )?.[NEXT_STEPS_FIRST.tasks],
      );
    const studentTasks = await tasksOf(student.cookie);
    expect(studentTasks.length).toBeGreaterThan(0);
    expect(await tasksOf(staff.cookie)).not.toEqual(studentTasks);
    // Signed out: the page with nobody's data, and its preload of the record kept.
    const signedOut = await app.inject({ url: '/next-steps/', headers: NAVIGATION });
    expect(signedOut.body).not.toContain(FIRST_ANSWERS_ID);
    expect(signedOut.headers[KEEP_UNTIL_HEADER]).toBeUndefined();
    expect(signedOut.body).toContain('href="/next-steps/api/user/"');
  });
});

describe('the first-answers block', () => {
  const HOSTILE = `</script><script>alert(1)</script><!-- $' $& \u2028 </SCRIPT >`;

  it('a hostile value in the data cannot break out of the script element', () => {
    const html = withFirstAnswers(PAGE, { 'users/user': { first_name: HOSTILE } });
    const document = documentOf(html);
    // One script element, the data block, in the head; the value reads back as it was.
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(document.head.querySelector(`#${FIRST_ANSWERS_ID}`)?.getAttribute('type')).toBe(
      'application/json',
    );
    expect(firstAnswersOf(html)).toEqual({ 'users/user': { first_name: HOSTILE } });
    expect(document.getElementById('root')).not.toBeNull();
    expect(html).not.toMatch(/<\/script><script>|<!--/);
  });
});
