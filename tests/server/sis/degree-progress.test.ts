import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { degreeProgressSchema } from '../../../contract/sis/degree-progress.schema.js';
import type { DegreeProgress } from '../../../contract/sis/degree-progress.schema.js';
import { SIS_LISTS_MAX } from '../../../contract/sis/list-ceilings.js';
import { HttpSis } from '../../../server/sis/http-adapter.js';
import type { SisListCut } from '../../../server/sis/list-cuts.js';
import { SampleSis } from '../../../server/sis/sample-adapter.js';
import { demoPerson, demoSis } from '../../../server/demo/demo-sis.js';

const sample = new SampleSis();
const auditOf = async (username: string, persona: string) =>
  degreeProgressSchema.parse(await sample.read('degree-progress', { username, persona }));
const rules = (audit: DegreeProgress) => audit.blocks.flatMap((b) => b.rules);

describe('issue 92: the sample SIS gives each sample student a realistic degree audit', () => {
  it('the new student is near 0 %: nothing complete, one class in progress', async () => {
    const audit = await auditOf('jokafor', 'new-student');
    expect(audit.percent_requirements).toBeLessThan(5);
    expect(audit.percent_credits).toBe(0);
    expect(rules(audit).some((r) => r.state === 'complete')).toBe(false);
    expect(rules(audit).filter((r) => r.state === 'in-progress')).toHaveLength(1);
  });

  it('the student has a mix of complete, in-progress and needed rules, a minor and courses not applied', async () => {
    const audit = await auditOf('avalencia', 'student');
    const states = new Set(rules(audit).map((r) => r.state));
    expect([...states].sort()).toEqual(['complete', 'in-progress', 'needed']);
    expect(audit.percent_requirements).not.toBe(audit.percent_credits);
    expect(audit.blocks.find((b) => b.kind === 'minor')?.title).toBe('Mathematics');
    expect(audit.blocks.find((b) => b.kind === 'not-applied')?.courses).toHaveLength(1);
  });

  it('the student worker has classes in progress, with no grade yet', async () => {
    const audit = await auditOf('sgarcia', 'student-worker');
    const inProgress = rules(audit)
      .flatMap((r) => r.courses)
      .filter((c) => c.in_progress);
    expect(inProgress.map((c) => c.course)).toEqual(['LIS 510']);
    expect(inProgress.every((c) => c.grade === null)).toBe(true);
  });

  it('the demo sample has an audit of its own: a History major, two classes in progress', async () => {
    const audit = degreeProgressSchema.parse(await demoSis.read('degree-progress', demoPerson));
    expect(audit.blocks.map((b) => b.title)).toEqual(['History']);
    const inProgress = rules(audit).flatMap((r) => r.courses.filter((c) => c.in_progress));
    expect(inProgress.map((c) => c.course)).toEqual(['HST 330', 'HST 399']);
  });
});

describe('issue 92: the degree audit over the HTTP contract, its lists cut at their ceilings', () => {
  let upstream: Server;
  let answer: unknown = null;
  beforeAll(async () => {
    upstream = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('keeps the first blocks, rules, courses and choices up to their ceilings, each cut told', async () => {
    const audit = await auditOf('avalencia', 'student');
    const [block] = audit.blocks;
    const [course] = audit.blocks.flatMap((b) => b.rules).flatMap((r) => r.courses);
    if (!block || !course) throw new Error('the sample audit has a block and a course');
    const rule = {
      label: 'Electives',
      state: 'needed',
      remaining: {
        unit: 'classes',
        count: 2,
        from: Array.from({ length: SIS_LISTS_MAX.degreeChoices + 1 }, (_, n) => `CS ${n}`),
      },
      courses: Array.from({ length: SIS_LISTS_MAX.degreeCourses + 2 }, () => course),
    };
    // One long rule among short ones, in one long block among short ones: within the size bound.
    const short = { ...rule, remaining: null, courses: [] };
    const rulesOf = Array.from({ length: SIS_LISTS_MAX.degreeRules + 3 }, () => short);
    const big = { ...block, rules: [rule, ...rulesOf] };
    const blocks = Array.from({ length: SIS_LISTS_MAX.degreeBlocks }, () => block);
    answer = { ...audit, blocks: [big, ...blocks] };
    const cuts: SisListCut[] = [];
    const { port } = upstream.address() as AddressInfo;
    const sis = new HttpSis({
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 2_000,
      onListCut: (_endpoint, cut) => cuts.push(cut),
    });
    const read = degreeProgressSchema.parse(
      await sis.read('degree-progress', { username: 'avalencia', persona: null }),
    );
    expect(read.blocks).toHaveLength(SIS_LISTS_MAX.degreeBlocks);
    expect(read.blocks[0]?.rules).toHaveLength(SIS_LISTS_MAX.degreeRules);
    expect(read.blocks[0]?.rules[0]?.courses).toHaveLength(SIS_LISTS_MAX.degreeCourses);
    expect(read.blocks[0]?.rules[0]?.remaining?.from).toHaveLength(SIS_LISTS_MAX.degreeChoices);
    expect(new Set(cuts.map((c) => c.list))).toEqual(
      new Set([
        'blocks',
        'blocks[].rules',
        'blocks[].rules[].courses',
        'blocks[].rules[].remaining.from',
      ]),
    );
  });
});
