import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { degreeProgressSchema } from '../../../../contract/sis/degree-progress.schema.js';
import { FakeDegreeWorks } from '../../../fake-degreeworks/fake-degreeworks.js';
import { STUDENT_ID } from '../../../fake-degreeworks/fixtures.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const URL = '/api/integrations/finti/degree-progress';
const MINUTE = 60_000;

let fake: FakeDegreeWorks;
let app: FastifyInstance;
let now = new Date('2026-11-28T17:00:00Z');

beforeAll(async () => {
  fake = await FakeDegreeWorks.start();
  app = await createTestApp({
    clock: () => now,
    env: {
      DEGREE_SOURCE: 'degreeworks',
      DEGREEWORKS_URL: fake.url,
      DEGREEWORKS_TOKEN: fake.token,
      DEGREEWORKS_WHAT_IF_URL: 'https://dw.example.edu/what-if',
      SIS_TIMEOUT_MS: '1500',
    },
  });
});
afterAll(async () => {
  await app.close();
  await fake.stop();
});
beforeEach(() => {
  fake.reset();
  // Past the degree-progress read's 240 minutes: each test's first read is a fresh one.
  now = new Date(now.getTime() + 241 * MINUTE);
});

/** The read as the sample student, signed in anew (the clock moves on between reads). */
async function read(url = URL) {
  const { token } = await signIn(app, 'student');
  return app.inject({ url, headers: { authorization: `Token ${token}` } });
}

describe('the degree-progress read from DegreeWorks, through the route (issue 92)', () => {
  it("answers the double's audit for the sample student's STUDENT_ID, with the service token", async () => {
    const answer = await read();
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const audit = degreeProgressSchema.parse(answer.json());
    expect([audit.percent_requirements, audit.credits_required]).toEqual([38, 180]);
    expect(audit.blocks.map((b) => b.title)).toContain('Computer Science');
    expect(audit.what_if_url).toBe('https://dw.example.edu/what-if');
    expect(fake.calls).toEqual([
      {
        path: '/responsiveDashboard/api/audit',
        params: { studentId: STUDENT_ID, school: 'UG' },
        authorized: true,
      },
    ]);
  });

  it('a class graded in DegreeWorks shows on the next fresh read', async () => {
    const before = degreeProgressSchema.parse((await read()).json());
    const intro = (a: typeof before) =>
      a.blocks.flatMap((b) => b.rules).find((r) => r.label === 'Introductory programming');
    expect(intro(before)?.state).toBe('in-progress');
    fake.grade(STUDENT_ID, 'CS 162', 'A', '41');
    now = new Date(now.getTime() + 241 * MINUTE);
    const after = degreeProgressSchema.parse((await read()).json());
    expect(after.percent_requirements).toBe(41);
    expect(intro(after)?.state).toBe('complete');
    expect(intro(after)?.courses.find((c) => c.course === 'CS 162')).toMatchObject({
      grade: 'A',
      in_progress: false,
    });
  });

  it("DegreeWorks failing (500, a page, slow, a wrong token) gives the route's usual error, and holds still answer", async () => {
    const faults = [
      { kind: 'status', status: 500 },
      { kind: 'malformed', body: 'html' },
      { kind: 'malformed', body: 'json' },
      { kind: 'latency', ms: 2500 },
      { kind: 'token', ms: 0 },
    ] as const;
    for (const fault of faults) {
      if (fault.kind === 'token') fake.token = 'rotated-in-degreeworks';
      else fake.setFault(fault);
      // Past a day: no cached copy of the audit is left to answer in its place.
      now = new Date(now.getTime() + 25 * 60 * MINUTE);
      const answer = await read();
      expect(answer.statusCode, fault.kind).toBe(500);
      expect(answer.json()).toEqual({
        detail: 'The student information system could not answer.',
        component: 'degree-progress',
      });
      const holds = await read('/api/integrations/finti/holds');
      expect(holds.statusCode, fault.kind).toBe(200);
      fake.setFault(null);
    }
    expect(fake.calls.at(-1)?.authorized).toBe(false);
  });
});
