import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attendanceReadSchema, attendanceSchema } from '../../../../contract/attendance.schema.js';
import { errorSchema } from '../../../../contract/error.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';

describe('initiation-of-attendance routes', () => {
  let app: FastifyInstance;
  let now: Date;
  let auth: { authorization: string };
  const tokenOf = async (persona: 'student' | 'student-worker') => ({
    authorization: `Token ${(await signIn(app, persona)).token}`,
  });
  const attendance = (headers = auth, term = '202604') =>
    app.inject({ url: `/api/academics/attendance?term=${term}`, headers });
  const markRead = (payload: object, headers = auth) =>
    app.inject({ method: 'POST', url: '/api/academics/attendance/read', headers, payload });

  beforeEach(async () => {
    now = new Date('2026-11-02T18:00:00.000Z');
    app = await createTestApp({ clock: () => now });
    auth = await tokenOf('student');
  });
  afterEach(async () => app.close());

  it("answers the term's courses with their attendance facts, none read yet", async () => {
    const answer = attendanceSchema.parse((await attendance()).json());
    expect(answer.term).toBe('202604');
    expect(answer.courses.map((c) => c.COURSEREGISTRATIONNUMBER)).toEqual([
      '41234',
      '41877',
      '42010',
    ]);
    expect(answer.courses[0]).toMatchObject({
      ACCEPTEDAID: 'Y',
      INITATTENDANCE: 'N',
      read_on: null,
    });
  });

  it('a warning marked read stays read for the same user on another device (another session)', async () => {
    const saved = await markRead({ term: '202604', crn: '41234' });
    expect(saved.statusCode).toBe(200);
    expect(attendanceReadSchema.parse(saved.json())).toEqual({
      term: '202604',
      crn: '41234',
      read_on: now.toISOString(),
    });
    const otherDevice = await tokenOf('student');
    const answer = attendanceSchema.parse((await attendance(otherDevice)).json());
    expect(answer.courses.find((c) => c.COURSEREGISTRATIONNUMBER === '41234')?.read_on).toBe(
      now.toISOString(),
    );
    expect(answer.courses.find((c) => c.COURSEREGISTRATIONNUMBER === '41877')?.read_on).toBeNull();
  });

  it("one user's read marks are not another user's", async () => {
    await markRead({ term: '202604', crn: '41234' });
    const other = await tokenOf('student-worker');
    const answer = attendanceSchema.parse((await attendance(other)).json());
    expect(answer.courses.every((c) => c.read_on === null)).toBe(true);
  });

  it('marking read twice keeps the first time', async () => {
    await markRead({ term: '202604', crn: '41234' });
    const first = now.toISOString();
    now = new Date(now.getTime() + 10 * 60_000);
    const again = attendanceReadSchema.parse(
      (await markRead({ term: '202604', crn: '41234' })).json(),
    );
    expect(again.read_on).toBe(first);
  });

  it('refuses a course the student is not registered for this term with 404 JSON', async () => {
    const response = await markRead({ term: '202604', crn: '99999' });
    expect(response.statusCode).toBe(404);
    expect(errorSchema.parse(response.json()).detail).toMatch(/not registered/);
  });

  it.each([
    [{ term: '202604' }],
    [{ term: '202605', crn: '41234' }],
    [{ term: '202604', crn: '41 234' }],
    [{ term: '202604', crn: '41234', read_on: '2026-01-01T00:00:00.000Z' }],
  ])('refuses the body %j with 400 JSON (strict body)', async (payload) => {
    const response = await markRead(payload);
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail.length).toBeGreaterThan(0);
  });

  it('attendance data is cached 60 minutes (portal.md §9), apart from the 240-minute course list', async () => {
    expect((await attendance()).headers['x-cache']).toBe('miss');
    // Steps under the session's 30 idle minutes, so the session lives through the hour.
    for (const minute of [29, 58, 59]) {
      now = new Date(Date.parse('2026-11-02T18:00:00.000Z') + minute * 60_000);
      expect((await attendance()).headers['x-cache']).toBe('hit');
    }
    now = new Date(now.getTime() + 2 * 60_000);
    expect((await attendance()).headers['x-cache']).not.toBe('hit');
  });

  it('in demo mode answers the demo sample’s courses', async () => {
    const response = await app.inject({
      url: '/api/academics/attendance?term=202604',
      headers: { ...auth, cookie: 'portal_demo=1' },
    });
    const answer = attendanceSchema.parse(response.json());
    expect(answer.courses.map((c) => c.SUBJECT)).toContain('HST');
  });
});
