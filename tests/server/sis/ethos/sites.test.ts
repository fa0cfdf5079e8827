/**
 * Issue 89: Ethos `sites` beside `buildings`, against the double's published shapes (sites v6 and
 * buildings v6's `site`: ellucian-developer/integration-sdk-csharp-objects,
 * Ellucian.Generated.Eedm/Sites_V6_0.cs and Buildings_V6_0.cs; tests/fake-ethos/fixtures.ts).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Meeting } from '../../../../contract/sis/schedule.schema.js';
import { FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { ethosSisFor, student } from '../../../fake-ethos/ethos-sis.js';
import type { EthosSisOptions } from '../../../../server/sis/ethos/adapter.js';

const TEMPLATE = 'https://maps.example.edu/?lat={lat}&lon={lon}';

let fake: FakeEthos;
beforeAll(async () => {
  fake = await FakeEthos.start();
});
afterAll(() => fake.close());

const sites = () => fake.data.sites;
let kept: ReturnType<typeof sites>;
beforeEach(() => {
  fake.maxPageSize = 2;
  kept = [...sites()];
});
afterEach(() => {
  sites().splice(0, sites().length, ...kept);
});

/** The schedule of the fall term as the adapter answers it, with buildings placed. */
async function schedule(options: Partial<EthosSisOptions> = {}): Promise<Meeting[]> {
  const answer = await ethosSisFor(fake, { mapPlaceUrl: TEMPLATE, ...options }).read(
    'schedule',
    student,
    '202604',
  );
  return Array.isArray(answer) ? answer : [];
}

const mathOf = (meetings: Meeting[]) => meetings.find((m) => m.SUBJECTCODE === 'MTH');

describe("a class's building on an Ethos campus with sites (issue 89)", () => {
  it("with two sites, a class's place in the Ethos schedule carries its building's site", async () => {
    const meetings = await schedule();
    expect(mathOf(meetings)?.PLACE).toMatchObject({
      code: 'CH',
      name: 'Cramer Hall',
      site: 'Downtown Campus',
    });
    expect(meetings.filter((m) => m.PLACE).every((m) => m.PLACE?.site === 'Downtown Campus')).toBe(
      true,
    );
    expect(fake.callsTo('sites').length).toBeGreaterThan(0);
  });

  it('with one site, the place names no site', async () => {
    sites().splice(1);
    const math = mathOf(await schedule());
    expect(math?.PLACE?.name).toBe('Cramer Hall');
    expect(math?.PLACE).not.toHaveProperty('site');
  });

  it('a sites read that fails degrades: the schedule answers, each building by its name and place, without its site', async () => {
    fake.fail('sites', { kind: 'status', status: 500 });
    const told: [string, unknown][] = [];
    try {
      const meetings = await schedule({
        onOptionalReadError: (resource, err) => told.push([resource, err]),
      });
      expect(told.map(([resource]) => resource)).toEqual(['sites']);
      const math = mathOf(meetings);
      expect(math?.LOCATION).toBe('Cramer Hall 120');
      expect(math?.PLACE).toMatchObject({ code: 'CH', name: 'Cramer Hall' });
      expect(math?.PLACE).not.toHaveProperty('site');
      expect(meetings).toHaveLength(3);
    } finally {
      fake.fail('sites', { kind: 'status', status: 500 }, 0);
    }
  });

  it("a sites read slower than the read's deadline degrades too: the schedule still answers, without sites", async () => {
    fake.fail('sites', { kind: 'latency', ms: 2000 });
    try {
      const math = mathOf(await schedule({ timeoutMs: 1500 }));
      expect(math?.PLACE).toMatchObject({ code: 'CH', name: 'Cramer Hall' });
      expect(math?.PLACE).not.toHaveProperty('site');
    } finally {
      fake.fail('sites', { kind: 'latency', ms: 0 }, 0);
    }
  });

  it("a sites answer that is not the published shape degrades like a failed read: no site, the building's place kept", async () => {
    fake.fail('sites', { kind: 'missing-fields' });
    try {
      const math = mathOf(await schedule());
      expect(math?.PLACE?.name).toBe('Cramer Hall');
      expect(math?.PLACE).not.toHaveProperty('site');
    } finally {
      fake.fail('sites', { kind: 'missing-fields' }, 0);
    }
  });
});
