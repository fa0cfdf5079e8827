/**
 * Issue 87: on the Ethos double, Academics omitted last term's grades, which the transcript holds.
 * Read as the browser reads them: the page's own calls (src/api/academics.ts) over `app.inject()`
 * of the academics API, the real Ethos adapter behind it, the double's student signed in.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAcademicsApi } from '../../../../src/api/academics.js';
import { createHttp } from '../../../../src/api/client.js';
import { academicsReadSpecs } from '../../../../src/pages/portal/academics/academics-reads.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { ID, section } from '../../../fake-ethos/fixture-ids.js';
import { WEDNESDAY, ethosSisFor } from '../../../fake-ethos/ethos-sis.js';
import { createTestApp, signIn } from '../../helpers/app.js';

/** Last spring (Spring 2026, January to May) as a portal term code (server/sis/ethos/terms.ts). */
const LAST_SPRING = '202601';

/** Last spring's grades as the transcript fixtures hold them (fixtures-transcript.ts). */
const lastSpringGrades = [
  {
    SUBJECTCODE: 'MTH',
    COURSENUMBER: '111',
    COURSETITLE: 'Precalculus',
    COURSEREGISTRATIONNUMBER: '20511',
    TERMCODE: LAST_SPRING,
    FINALGRADE: 'A-',
    GRADEDATE: '2026-05-14',
  },
  {
    SUBJECTCODE: 'WR',
    COURSENUMBER: '115',
    COURSETITLE: 'Introduction to College Writing',
    COURSEREGISTRATIONNUMBER: '',
    TERMCODE: LAST_SPRING,
    FINALGRADE: 'B+',
    GRADEDATE: '2026-05-15',
  },
];

let fake: FakeEthos;
let app: FastifyInstance;
let authorization: string;

beforeAll(async () => {
  fake = await FakeEthos.start({ now: () => WEDNESDAY });
  // The demo sign-in's student persona is the double's student.
  const credentials = fake.data.persons[0]?.credentials ?? [];
  const username = credentials.find((c) => c.type === 'bannerUserName');
  if (username) username.value = findPersona('student').username;
});
afterAll(() => fake.close());

beforeEach(async () => {
  app = await createTestApp({
    sis: ethosSisFor(fake),
    clock: () => new Date(WEDNESDAY),
  });
  authorization = `Token ${(await signIn(app, 'student')).token}`;
});
afterEach(() => app.close());

/** The browser's calls, answered by the app in this process. */
function browserHttp() {
  return createHttp({
    baseUrl: 'http://portal.test/api',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const answer = await app.inject({
        method: 'GET',
        url: new URL(request.url).pathname + new URL(request.url).search,
        headers: { authorization, accept: 'application/json' },
      });
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    },
  });
}

const grades = (term: string) =>
  app.inject({ url: `/api/integrations/finti/grades?term=${term}`, headers: { authorization } });

describe("Academics on Ethos: a past term's grades from the transcript (issue 87)", () => {
  it("the grades' term picker offers last spring, though the student's catalog term is this fall", async () => {
    const terms = await createAcademicsApi(browserHttp()).gradeTerms();
    expect(terms[0]).toBe('202604');
    expect(terms).toContain(LAST_SPRING);
  });

  it("last spring's grades are answered from student-transcript-grades, each named by its section or course, with no registration of the term", async () => {
    const registered = fake.data['section-registrations'].map((r) => r.section.id);
    expect(registered).not.toContain(section('mth111'));
    expect(registered).not.toContain(section('wr115'));
    const answer = await grades(LAST_SPRING);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(lastSpringGrades);
  });

  it("the same grades when last spring's registrations are still answered, WR 115 then named by its registered section", async () => {
    const registrations = fake.data['section-registrations'];
    const kept = [...registrations];
    const first = kept[0];
    if (!first) throw new Error('no registration in the double');
    registrations.push(
      ...(['mth111', 'wr115'] as const).map((key) => ({
        ...first,
        id: `5r${ID[key].slice(2)}`,
        section: { id: section(key) },
      })),
    );
    try {
      const answer = await grades(LAST_SPRING);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual([
        lastSpringGrades[0],
        { ...lastSpringGrades[1], COURSEREGISTRATIONNUMBER: '21511' },
      ]);
    } finally {
      registrations.splice(0, registrations.length, ...kept);
    }
  });

  it('a term the tenant has no academic period for (a summer between semesters) has no grades, not a failure', async () => {
    const answer = await grades('202603');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([]);
  });

  it("with no term asked, Academics shows the newest past term's grades: last spring's MTH 111 A- and WR 115 B+", async () => {
    const specs = academicsReadSpecs({
      http: browserHttp(),
      app: { send: () => undefined } as never,
      campus: { timeZone: 'America/Los_Angeles' } as never,
    });
    expect(await specs.grades.read(undefined)).toEqual({
      term: LAST_SPRING,
      grades: lastSpringGrades,
    });
  });
});
