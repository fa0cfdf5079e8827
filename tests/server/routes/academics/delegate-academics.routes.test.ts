import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_SHARED_DETAIL } from '../../../../contract/delegates.schema.js';
import { gradesAnswerSchema } from '../../../../contract/sis/courses.schema.js';
import { scheduleAnswerSchema } from '../../../../contract/sis/schedule.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { relativeSharedWith } from '../../helpers/delegate.js';

const now = new Date('2026-11-27T17:00:00.000Z');
const SCHEDULE = '/api/integrations/finti/schedule?term=202604';
const GRADES = '/api/integrations/finti/grades?term=202604';

/**
 * Issue 88: Academics (schedule, grades) read in delegate capacity through the routes' own
 * declarations (`config.access`): granted, not granted, revoked.
 */
describe('a delegate reads Academics only where the student shared Academics (issue 88)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ clock: () => now });
    await signIn(app, 'student');
  });
  afterAll(async () => app.close());

  const delegateWith = (categories: string) => relativeSharedWith(app, categories, now);
  const read = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

  it("a delegate the student shared Academics with reads the student's schedule and grades", async () => {
    const { cookie } = await delegateWith('academics');
    const schedule = await read(SCHEDULE, cookie);
    expect(schedule.statusCode, schedule.body.slice(0, 200)).toBe(200);
    expect(scheduleAnswerSchema.parse(schedule.json())).not.toEqual([]);
    const grades = await read(GRADES, cookie);
    expect(grades.statusCode, grades.body.slice(0, 200)).toBe(200);
    expect(gradesAnswerSchema.safeParse(grades.json()).success).toBe(true);
  });

  it('a delegate the student shared only Finances with gets the refusal, not the schedule or grades', async () => {
    const { cookie } = await delegateWith('finances');
    for (const url of [SCHEDULE, GRADES]) {
      const answer = await read(url, cookie);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ detail: NOT_SHARED_DETAIL });
    }
    // The Finances they were given still read.
    const summary = await read('/api/integrations/finti/financial-account-summary', cookie);
    expect(summary.statusCode).toBe(200);
  });

  it('once the student revokes Academics, the next read of the schedule or grades is refused', async () => {
    const { cookie, grant } = await delegateWith('academics');
    expect((await read(SCHEDULE, cookie)).statusCode).toBe(200);
    expect(await app.repositories.delegations.revoke(grant, 'student', now)).toBe(true);
    for (const url of [SCHEDULE, GRADES]) {
      const answer = await read(url, cookie);
      expect(answer.statusCode).toBe(403);
      expect(answer.body).not.toContain('COURSE');
    }
  });
});
