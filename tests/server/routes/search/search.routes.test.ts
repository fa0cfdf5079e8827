import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import { preferencesSchema } from '../../../../contract/preferences.schema.js';
import { searchAnswerSchema } from '../../../../contract/search.schema.js';
import type { SearchAnswer, SearchGroup } from '../../../../contract/search.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import type { TestAppOptions } from '../../helpers/app.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { searchAppStore } from '../../search/search-stores.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const titles = (answer: SearchAnswer, group: SearchGroup) =>
  (answer.groups.find((g) => g.group === group)?.results ?? []).map((r) =>
    r.title.map((s) => s.text).join(''),
  );

/** The server on a store of its own: a SQLite file (the search thread's path), or PostgreSQL. */
async function searchApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const database = await searchAppStore();
  // A budget no busy test machine runs out of, unless a test sets its own.
  const options: TestAppOptions = { clock: () => now, env: { SEARCH_BUDGET_MS: '10000', ...env } };
  return createTestApp(database ? { ...options, database } : options);
}

const ask = (app: FastifyInstance, token: string, q: string) =>
  app.inject({
    url: `/api/search?q=${encodeURIComponent(q)}`,
    headers: { authorization: `Token ${token}` },
  });

describe('GET /api/search: grouped results a person may see', () => {
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const search = async (persona: 'student' | 'staff', q: string) => {
    const response = await app.inject({
      url: `/api/search?q=${encodeURIComponent(q)}`,
      headers: { authorization: `Token ${tokens[persona]}` },
    });
    expect(response.statusCode).toBe(200);
    return searchAnswerSchema.parse(response.json());
  };

  beforeAll(async () => {
    app = await searchApp();
    tokens.student = (await signIn(app, 'student')).token;
    tokens.staff = (await signIn(app, 'staff')).token;
  });
  afterAll(async () => app.close());

  it('"grades" finds the Academics section, and a misspelt "acadmics" still does', async () => {
    expect(titles(await search('student', 'grades'), 'sections')).toContain('Academics');
    const answer = await search('student', 'acadmics');
    expect(titles(answer, 'sections')).toEqual(['Academics']);
    expect(answer.groups[0]?.results[0]).toMatchObject({ href: '/academics', external: false });
  });

  it('finds a school tool from the campus configuration by the start of its name, as an external link', async () => {
    const answer = await search('student', 'regist');
    const tool = answer.groups.find((g) => g.group === 'tools')?.results[0];
    expect(tool).toMatchObject({ href: 'https://register.campus.example.edu/', external: true });
  });

  it('portal.md §6: a student never finds a staff-only post, which staff find', async () => {
    expect(titles(await search('student', 'benefits enrollment'), 'pages')).toEqual([]);
    expect(titles(await search('staff', 'benefits enrollment'), 'pages')).toContain(
      'Benefits open enrollment closes soon',
    );
  });

  it("finds the student's own Next Steps task and links to it in Next Steps", async () => {
    const answer = await search('student', 'fafsa');
    const task = answer.groups.find((g) => g.group === 'tasks')?.results[0];
    expect(task?.title.map((s) => s.text).join('')).toBe('Submit your FAFSA');
    expect(task?.href).toMatch(/^\/next-steps\/task\/\d+$/);
    expect(titles(await search('staff', 'fafsa'), 'tasks')).toEqual([]);
  });

  it("finds this term's classes by subject and number, title or instructor, from the person's own schedule", async () => {
    expect(titles(await search('student', 'cs 161'), 'classes')).toEqual([
      'CS 161 Introduction to Programming',
    ]);
    expect(titles(await search('student', 'raman'), 'classes')).toEqual([
      'CS 161 Introduction to Programming',
    ]);
    expect(titles(await search('staff', 'programming'), 'classes')).toEqual([]);
  });

  it('marks the matched words and answers groups in their fixed order, only those with results', async () => {
    const answer = await search('student', 'programming');
    const [classTitle] = answer.groups.find((g) => g.group === 'classes')!.results;
    expect(classTitle!.title.filter((s) => s.match).map((s) => s.text)).toEqual(['Programming']);
    const order = ['sections', 'tools', 'pages', 'tasks', 'coursework', 'classes', 'messages'];
    const groups = answer.groups.map((g) => g.group);
    expect(groups).toEqual([...groups].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    expect(answer.groups.every((g) => g.results.length > 0)).toBe(true);
  });

  it('answers no groups for a query with nothing to search, and refuses a query over 200 characters', async () => {
    expect((await search('student', ' *&" ')).groups).toEqual([]);
    const long = await app.inject({
      url: `/api/search?q=${'a'.repeat(201)}`,
      headers: { authorization: `Token ${tokens.student}` },
    });
    expect(long.statusCode).toBe(400);
    expect(errorSchema.parse(long.json()).detail).toBeTruthy();
  });

  it('needs a signed-in person and is never kept by a cache', async () => {
    const anonymous = await app.inject({ url: '/api/search?q=grades' });
    expect(anonymous.statusCode).toBe(401);
    const answer = await app.inject({
      url: '/api/search?q=grades',
      headers: { authorization: `Token ${tokens.student}` },
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/search: what one search may cost (issue 41)', () => {
  it('searches the first 8 words and says how many more were left out', async () => {
    const app = await searchApp();
    try {
      const { token } = await signIn(app, 'student');
      const response = await ask(app, token, 'one two three four five six seven eight nine ten');
      const answer = searchAnswerSchema.parse(response.json());
      expect(answer.query).toBe('one two three four five six seven eight');
      expect(answer).toMatchObject({ ignoredWords: 2, partial: false });
    } finally {
      await app.close();
    }
  });

  it('answers partial when the store’s time for a search is spent, with what needs no store', async () => {
    const metricsToken = 'metrics-token-0123456789';
    const app = await searchApp({ SEARCH_BUDGET_MS: '0', METRICS_TOKEN: metricsToken });
    try {
      const { token } = await signIn(app, 'student');
      const answer = searchAnswerSchema.parse((await ask(app, token, 'fafsa grades')).json());
      expect(answer.partial).toBe(true);
      expect(titles(answer, 'tasks')).toEqual([]);
      const sections = searchAnswerSchema.parse((await ask(app, token, 'grades')).json());
      expect(titles(sections, 'sections')).toContain('Academics');
      const metrics = await app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(metrics.body).toContain('portal_searches_total{outcome="partial"} 2');
    } finally {
      await app.close();
    }
  });

  it('limits searches per person (SEARCH_PER_MINUTE) with the usual 429 problem, other calls and people unaffected', async () => {
    const app = await searchApp({ SEARCH_PER_MINUTE: '3' });
    try {
      const { token: student, cookie } = await signIn(app, 'student');
      const staff = (await signIn(app, 'staff')).token;
      const codes = [];
      for (let i = 0; i < 4; i += 1)
        codes.push((await ask(app, student, `grades ${i}`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const refused = await ask(app, student, 'grades');
      expect(errorSchema.parse(refused.json()).detail).toMatch(/Too many requests/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await ask(app, staff, 'grades')).statusCode).toBe(200);
      const other = await app.inject({ url: '/api/users/user', headers: { cookie } });
      expect(other.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/search: the student’s own coursework items (issue 45)', () => {
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const search = async (persona: string, q: string) => {
    const response = await ask(app, tokens[persona] ?? '', q);
    expect(response.statusCode).toBe(200);
    return searchAnswerSchema.parse(response.json());
  };

  /** A person's LMS feed with these items, as a reading leaves it. */
  async function feedOf(username: string, titles: Array<[string, string, string]>) {
    const user = await app.repositories.users.findByUsername(username);
    if (!user) throw new Error(`no ${username}`);
    await app.repositories.coursework.replace(
      {
        userId: user.id,
        kind: 'calendar',
        addressSealed: 'sealed-in-the-test',
        tokensSealed: null,
        masked: 'https://canvas.example.edu/…abcd.ics',
        source: 'canvas',
        status: 'current',
        etag: null,
        lastModified: null,
        readAt: now,
        failures: 0,
        nextReadAt: null,
        createdAt: now,
      },
      titles.map(([id, title, due]) => ({
        id,
        title,
        course: 'ENGL 101',
        due: new Date(due),
        allDay: false,
        link: `https://canvas.example.edu/courses/7/assignments/${id}`,
        source: 'canvas',
      })),
    );
  }

  beforeAll(async () => {
    app = await searchApp();
    tokens.student = (await signIn(app, 'student')).token;
    tokens.other = (await signIn(app, 'new-student')).token;
    await feedOf(findPersona('student').username, [
      ['101', 'Essay 2: Argument', '2026-11-26T00:00:00.000Z'],
      ['102', 'Reading quiz 4', '2026-11-24T08:00:00.000Z'],
      ['90', 'Essay 1: Narrative', '2026-10-01T07:00:00.000Z'],
    ]);
    await feedOf(findPersona('new-student').username, [
      ['501', 'Essay on photosynthesis', '2026-11-25T00:00:00.000Z'],
    ]);
  });
  afterAll(async () => app.close());

  it('finds the signed-in student’s items by title or course: upcoming first, soonest first, with the course, due time on the campus clock and the link back to the LMS', async () => {
    const answer = await search('student', 'essay');
    const group = answer.groups.find((g) => g.group === 'coursework');
    expect(group?.label).toBe('My coursework');
    expect(titles(answer, 'coursework')).toEqual(['Essay 2: Argument', 'Essay 1: Narrative']);
    const [first] = group?.results ?? [];
    expect(first?.title.filter((s) => s.match).map((s) => s.text)).toEqual(['Essay']);
    expect(first?.excerpt.map((s) => s.text).join('')).toBe(
      'ENGL 101 · Due Wed, Nov 25, 2026, 4:00 PM PST · Open in Canvas',
    );
    expect(first).toMatchObject({
      href: 'https://canvas.example.edu/courses/7/assignments/101',
      external: true,
    });
    expect(titles(await search('student', 'engl quiz'), 'coursework')).toEqual(['Reading quiz 4']);
  });

  it('never finds another person’s items: each student sees only their own', async () => {
    expect(titles(await search('student', 'photosynthesis'), 'coursework')).toEqual([]);
    expect(titles(await search('other', 'essay'), 'coursework')).toEqual([
      'Essay on photosynthesis',
    ]);
  });

  it('follows the index’s word rule: a word under 3 characters matches only a whole word', async () => {
    expect(titles(await search('student', 'es'), 'coursework')).toEqual([]);
    expect(titles(await search('student', 'ess'), 'coursework')).toHaveLength(2);
  });
});

describe('GET /api/search: the campus’s tools by their names in the reader’s language (issue 59)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-')), 'campus.json');
    const stacks = {
      label: { en: 'Owl Stacks', es: 'Estantes Búho' },
      url: 'https://stacks.owl.edu/',
    };
    writeFileSync(file, JSON.stringify({ schoolTools: [stacks] }));
    app = await searchApp({ CAMPUS_CONFIG: file });
  });
  afterAll(async () => app.close());

  it('a person who chose Español finds a tool by its Spanish name, one who did not by its English', async () => {
    const student = await signIn(app, 'student');
    const tools = async (q: string) =>
      titles(searchAnswerSchema.parse((await ask(app, student.token, q)).json()), 'tools');
    expect(await tools('stacks')).toEqual(['Owl Stacks']);
    expect(await tools('estantes')).toEqual([]);
    // Español chosen on Account, as the page saves it.
    const auth = { authorization: `Token ${student.token}` };
    const mine = await app.inject({ url: '/api/preferences/user', headers: auth });
    const pk = preferencesSchema.parse(mine.json()).pk;
    const chosen = await app.inject({
      method: 'PUT',
      url: `/api/preferences/${pk}`,
      headers: auth,
      payload: { language: 'es' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(await tools('estantes')).toEqual(['Estantes Búho']);
    expect(await tools('stacks')).toEqual([]);
  });

  it('a person who never chose reads the tools in their browser’s language', async () => {
    const staff = await signIn(app, 'staff');
    const answer = await app.inject({
      url: '/api/search?q=estantes',
      headers: { authorization: `Token ${staff.token}`, 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(titles(searchAnswerSchema.parse(answer.json()), 'tools')).toEqual(['Estantes Búho']);
  });
});
