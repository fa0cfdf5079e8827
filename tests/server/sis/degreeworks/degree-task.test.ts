import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { degreeProgressSchema } from '../../../../contract/sis/degree-progress.schema.js';
import { neededRules } from '../../../../server/changes/degree-task.js';
import { FakeDegreeWorks } from '../../../fake-degreeworks/fake-degreeworks.js';
import { STUDENT_ID } from '../../../fake-degreeworks/fixtures.js';
import { createTestApp } from '../../helpers/app.js';
import { as } from '../../routes/next-steps/helpers.js';

const MINUTE = 60_000;

let fake: FakeDegreeWorks;
let app: FastifyInstance;
let now = new Date('2026-11-28T17:00:00Z');

beforeAll(async () => {
  fake = await FakeDegreeWorks.start();
  // The double's audit has 99 of 180 credits to go: a campus counting its last terms as 100
  // credits has this student in them.
  const dir = mkdtempSync(path.join(tmpdir(), 'degree-task-'));
  const campus = path.join(dir, 'campus.json');
  writeFileSync(campus, JSON.stringify({ degreeProgress: { lastTermsCredits: 100 } }));
  app = await createTestApp({
    clock: () => now,
    env: {
      CAMPUS_CONFIG: campus,
      DEGREE_SOURCE: 'degreeworks',
      DEGREEWORKS_URL: fake.url,
      DEGREEWORKS_TOKEN: fake.token,
      SIS_TIMEOUT_MS: '1500',
    },
  });
});
afterAll(async () => {
  await app.close();
  await fake.stop();
});

/** The student's own read of their audit, signed in afresh (the clock moves on between reads). */
async function readAudit() {
  const { token } = await as(app, 'student');
  const answer = await app.inject({
    url: '/api/integrations/finti/degree-progress',
    headers: { authorization: `Token ${token}` },
  });
  return degreeProgressSchema.parse(answer.json());
}

describe("the degree task from DegreeWorks' audit (issue 92)", () => {
  it('opens for what the audit shows still needed, and completes once DegreeWorks shows each begun', async () => {
    const first = await readAudit();
    await app.changes.idle();
    const needed = neededRules(first).map((r) => r.label);
    expect(needed.length).toBeGreaterThan(0);
    const title = `Meet your advisor about ${needed.length} requirement${needed.length === 1 ? '' : 's'} still needed`;
    const mine = async () => {
      const { tasks } = await as(app, 'student');
      return (await tasks()).find((t) => t.task.title === title);
    };
    const opened = await mine();
    expect(opened?.completed_on).toBeNull();
    for (const label of needed) expect(opened?.task.description).toContain(label);
    // The student registers for a class of each: DegreeWorks' next audit has them begun.
    // (The portal names a group's member "Group: member"; DegreeWorks by the member's own label.)
    for (const label of needed)
      fake.register(STUDENT_ID, label.split(': ').at(-1) ?? label, 'CS 399');
    now = new Date(now.getTime() + 241 * MINUTE);
    const second = await readAudit();
    expect(neededRules(second)).toEqual([]);
    await app.changes.idle();
    const done = await mine();
    expect(done?.completed_on).not.toBeNull();
    expect(done?.completed_in).toBe('Student record');
  });
});
