import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCacheStore } from '../../../../server/cache/memory-store.js';
import { dashboardReport, measureFirstDashboard } from '../../../../server/sis/first-dashboard.js';
import { ETHOS_KEY, FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { WEDNESDAY, ethosSisFor, student } from '../../../fake-ethos/ethos-sis.js';

let fake: FakeEthos;
beforeAll(async () => {
  fake = await FakeEthos.start({ now: () => WEDNESDAY });
  fake.maxPageSize = 25;
});
afterAll(() => fake.close());

const CODE_TABLES = [
  'academic-periods',
  'subjects',
  'rooms',
  'buildings',
  'sites',
  'grade-definitions',
  'person-hold-types',
  'advisor-types',
  'academic-levels',
  'academic-programs',
  'academic-standings',
];
const tableCalls = () => CODE_TABLES.reduce((sum, t) => sum + fake.callsTo(t).length, 0);

describe("sis:check's first dashboard (issue 72): what a browser's first dashboard costs upstream", () => {
  it('on a new process with the code tables cold, on another with them in the shared store, and cached', async () => {
    const shared = new MemoryCacheStore();
    const tablesAt: number[] = [];
    const costs = await measureFirstDashboard({
      open: () => {
        tablesAt.push(tableCalls());
        return ethosSisFor(fake, { shared });
      },
      username: student.username,
      upstream: () => fake.calls.length,
      codeTables: true,
      clock: () => new Date(WEDNESDAY),
    });
    expect(costs.map((c) => c.label)).toEqual([
      'code tables cold',
      'code tables warm',
      'cached answers',
    ]);
    const [cold, warm, cached] = costs.map((c) => c.calls);
    // The second process read no code table: its calls are the person's reads (and its token).
    expect(tableCalls()).toBe(tablesAt[1]);
    expect(tablesAt[1]).toBeGreaterThan(0);
    expect(warm).toBeGreaterThan(0);
    expect(warm).toBeLessThanOrEqual(15);
    expect(cold).toBeGreaterThan(warm ?? 0);
    expect(cold).toBe((warm ?? 0) + (tablesAt[1] ?? 0));
    expect(cached).toBe(0);

    const report = dashboardReport(costs).join('\n');
    expect(report).toContain(`code tables cold: ${cold} upstream call(s)`);
    expect(report).toContain(`code tables warm: ${warm} upstream call(s)`);
    expect(report).toContain('cached answers: 0 upstream call(s)');
  });
});

describe('npm run sis:check prints it', () => {
  it("its report gives a first dashboard's upstream calls with the code tables cold and warm", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/sis-check.ts', student.username],
      {
        env: {
          ...process.env,
          SIS_ADAPTER: 'ethos',
          ETHOS_BASE_URL: fake.url,
          ETHOS_API_KEY: ETHOS_KEY,
          SIS_BASE_URL: '',
          SIS_TOKEN: '',
          CAMPUS_CONFIG: '',
          REDIS_URL: '',
          DATABASE_URL: '',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const cold = /^ {2}code tables cold: (\d+) upstream call\(s\)/m.exec(stdout);
    const warm = /^ {2}code tables warm: (\d+) upstream call\(s\)/m.exec(stdout);
    expect(cold, stdout).not.toBeNull();
    expect(warm, stdout).not.toBeNull();
    expect(Number(cold?.[1])).toBeGreaterThan(Number(warm?.[1]));
    expect(Number(warm?.[1])).toBeGreaterThan(0);
    expect(stdout).toMatch(/^ {2}cached answers: 0 upstream call\(s\)/m);
  }, 90_000);
});
