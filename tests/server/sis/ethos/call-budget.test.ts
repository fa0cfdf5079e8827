import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCacheStore } from '../../../../server/cache/memory-store.js';
import { ReadThroughCache } from '../../../../server/cache/read-through.js';
import { cacheKey, selfReader } from '../../../../server/cache/keys.js';
import { freshMinutes, sisAnswerSchema } from '../../../../server/sis/endpoints.js';
import type { SisEndpoint } from '../../../../server/sis/endpoints.js';
import { FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { WEDNESDAY, ethosSisFor, student } from '../../../fake-ethos/ethos-sis.js';

let fake: FakeEthos;
beforeAll(async () => {
  fake = await FakeEthos.start({ now: () => WEDNESDAY });
  fake.maxPageSize = 25;
});
afterAll(() => fake.close());

/** The reads of a student's first dashboard: the frame, Today's Classes and Next Steps' record. */
const PAGE: SisEndpoint[] = [
  'roles',
  'profile',
  'nudges',
  'person-info',
  'curriculum-info',
  'standing',
];

describe("a student's first dashboard on the Ethos adapter", () => {
  it('costs at most 15 Ethos calls on a cold cache once the code tables are loaded, and none on a warm one', async () => {
    const sis = ethosSisFor(fake);
    await sis.tables.load();
    const cache = new ReadThroughCache({
      store: new MemoryCacheStore(),
      clock: () => new Date(WEDNESDAY),
    });
    const cached = <E extends SisEndpoint>(read: E, term?: string) =>
      cache.read(
        cacheKey(selfReader(1), read, term),
        freshMinutes[read] * 60_000,
        () => sis.read(read, student, term),
        sisAnswerSchema(read),
      );
    const dashboard = async () => {
      await sis.read('identity', student);
      await cached('current-term');
      await Promise.all([...PAGE.map((read) => cached(read)), cached('schedule', '202604')]);
    };
    const before = fake.calls.length;
    await dashboard();
    const cold = fake.calls.length - before;
    expect(cold).toBeGreaterThan(0);
    expect(cold).toBeLessThanOrEqual(15);
    const warm = fake.calls.length;
    await dashboard();
    expect(fake.calls.length - warm).toBe(0);
  });
});
