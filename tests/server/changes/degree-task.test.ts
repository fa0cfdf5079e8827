import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DegreeProgress, DegreeState } from '../../../contract/sis/degree-progress.schema.js';
import { degreeTaskOf } from '../../../server/changes/degree-task.js';
import type { SisAnswer, SisEndpoint } from '../../../server/sis/endpoints.js';
import { studentAudit } from '../../../server/sis/fixtures/degree-audits.js';
import type { SisPerson, SisPort } from '../../../server/sis/port.js';
import { SampleSis } from '../../../server/sis/sample-adapter.js';
import { createTestApp } from '../helpers/app.js';
import { TEST_CAPACITY_HEADER, withTestCapacity } from '../helpers/capacity.js';
import { as } from '../routes/next-steps/helpers.js';

/** A senior's audit: 160 of 180 credits, and the sample's rules with the two named ones in `state`. */
function seniorAudit(writing: DegreeState, arts: DegreeState): DegreeProgress {
  return {
    ...studentAudit,
    credits_applied: 160,
    blocks: [
      {
        kind: 'general-education',
        title: 'University Studies',
        state: 'in-progress',
        rules: [
          {
            label: 'Upper-division writing',
            state: writing,
            remaining:
              writing === 'complete'
                ? null
                : { unit: 'classes', count: 1, from: ['WR 323', 'WR 333'] },
            courses: [],
          },
          {
            label: 'Arts and letters',
            state: arts,
            remaining: arts === 'complete' ? null : { unit: 'credits', count: 8, from: [] },
            courses: [],
          },
          { label: 'Science', state: 'complete', remaining: null, courses: [] },
        ],
        courses: [],
      },
      // Courses counted toward nothing are never "still needed".
      {
        kind: 'not-applied',
        title: 'Not applied',
        state: 'needed',
        rules: [{ label: 'Extra', state: 'needed', remaining: null, courses: [] }],
        courses: [],
      },
    ],
  };
}

describe('the degree task (issue 92): requirements still needed in the last two terms', () => {
  it('asks nothing of a student with more than the last two terms to go, or where the campus sets 0', () => {
    expect(degreeTaskOf(studentAudit, 30)).toBeNull();
    expect(degreeTaskOf(seniorAudit('needed', 'needed'), 0)).toBeNull();
    // 20 credits left: within 30 (two quarters), not within 12.
    expect(degreeTaskOf(seniorAudit('needed', 'needed'), 12)).toBeNull();
  });

  it('"Meet your advisor about 2 requirements still needed", each in plain words, in English and Spanish', () => {
    const task = degreeTaskOf(seniorAudit('needed', 'needed'), 30);
    expect(task).toMatchObject({
      source: 'degree-audit',
      done: false,
      link: '/academics#degree-progress',
      title: 'Meet your advisor about 2 requirements still needed',
    });
    expect(task?.body.split('\n').slice(1)).toEqual([
      '- Upper-division writing (1 more course from: WR 323, WR 333)',
      '- Arts and letters (8 more credits)',
    ]);
    expect(task?.es?.title).toBe('Reúnase con su asesor académico por 2 requisitos pendientes');
    expect(task?.es?.body.split('\n').slice(1)).toEqual([
      '- Upper-division writing (1 curso más de: WR 323, WR 333)',
      '- Arts and letters (8 créditos más)',
    ]);
  });

  it('one begun, one still needed: "1 requirement"; each begun or met: done', () => {
    expect(degreeTaskOf(seniorAudit('in-progress', 'needed'), 30)?.title).toBe(
      'Meet your advisor about 1 requirement still needed',
    );
    expect(degreeTaskOf(seniorAudit('in-progress', 'complete'), 30)?.done).toBe(true);
  });
});

/** The sample SIS, with the student's audit the test's to change. */
class AuditSis implements SisPort {
  readonly sample = new SampleSis();
  audit = seniorAudit('needed', 'needed');
  async read<E extends SisEndpoint>(e: E, p: SisPerson, term?: string): Promise<SisAnswer<E>> {
    if (e === 'degree-progress' && p.username === 'avalencia') {
      const answer: SisAnswer<'degree-progress'> = this.audit;
      return answer as SisAnswer<E>;
    }
    return this.sample.read(e, p, term);
  }
  dismissNudge() {
    return Promise.resolve();
  }
}

describe("the degree task from the student's own audit read", () => {
  let app: FastifyInstance;
  let sis: AuditSis;
  let now = new Date('2026-11-25T12:00:00Z');
  beforeEach(async () => {
    now = new Date('2026-11-25T12:00:00Z');
    sis = new AuditSis();
    app = await createTestApp({ sis, clock: () => now, onRoute: withTestCapacity });
  });
  afterEach(async () => app.close());

  const TITLE = 'Meet your advisor about 2 requirements still needed';
  const readAudit = async (capacity?: string) => {
    const student = await as(app, 'student');
    const answer = await app.inject({
      url: '/api/integrations/finti/degree-progress',
      headers: {
        authorization: `Token ${student.token}`,
        ...(capacity ? { [TEST_CAPACITY_HEADER]: capacity } : {}),
      },
    });
    expect(answer.statusCode).toBe(200);
    await app.changes.idle();
    return (await student.tasks()).find((t) => t.task.title === TITLE);
  };

  it('opens once on the audit read, and completes ("Completed in Student record") once the audit shows each begun', async () => {
    const task = await readAudit();
    expect(task?.completed_on).toBeNull();
    expect(task?.task.description).toContain('Arts and letters (8 more credits)');
    // Read again (fresh): still one task.
    now = new Date(now.getTime() + 5 * 60 * 60_000);
    await readAudit();
    const mine = await (await as(app, 'student')).tasks();
    expect(mine.filter((t) => t.task.title === TITLE)).toHaveLength(1);
    // A class registered for each: the audit has them in progress; its next fresh read completes it.
    sis.audit = seniorAudit('in-progress', 'in-progress');
    now = new Date(now.getTime() + 5 * 60 * 60_000);
    const done = await readAudit();
    expect(done?.completed_on).not.toBeNull();
    expect(done?.completed_in).toBe('Student record');
  });

  it("a support viewer's read of the audit opens no task for the student", async () => {
    expect(await readAudit('support')).toBeUndefined();
  });
});
