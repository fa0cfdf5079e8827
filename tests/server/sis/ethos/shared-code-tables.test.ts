import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCacheStore } from '../../../../server/cache/redis-store.js';
import { ETHOS_VERSIONS } from '../../../../server/config/ethos-resources.js';
import type { EthosResource } from '../../../../server/config/ethos-resources.js';
import { CODE_TABLE_MS, codeTableKey } from '../../../../server/sis/ethos/code-tables.js';
import { FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { WEDNESDAY, ethosSisFor, student } from '../../../fake-ethos/ethos-sis.js';
import { redisForSuite, redisUrlForTests } from '../../cache/stores.js';

/** Every code table the adapter keeps (code-tables.ts). */
const TABLES: EthosResource[] = [
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

const url = redisUrlForTests();

describe.skipIf(!url)('the Ethos code tables in the store every process shares (Redis)', () => {
  const redis = redisForSuite(url ?? '', 'ethos-code-tables');
  let fake: FakeEthos;
  let suite = 0;
  beforeAll(async () => {
    fake = await FakeEthos.start({ now: () => WEDNESDAY });
    fake.maxPageSize = 100;
  });
  afterAll(() => fake.close());

  /** Code-table calls the double has answered so far. */
  const tableCalls = () => TABLES.reduce((sum, t) => sum + fake.callsTo(t).length, 0);
  /** One "process": its own adapter and its own store object over the one Redis, at `clock`. */
  let prefix = '';
  const processAt = (clock: () => number = () => WEDNESDAY) =>
    ethosSisFor(fake, {
      clock,
      shared: new RedisCacheStore(redis.client(), { prefix }),
    });
  const freshPrefix = () => {
    prefix = `${redis.prefix}${++suite}:`;
  };

  it("a second process loads no code table: it takes the first one's from Redis, and reads the student's schedule with none", async () => {
    freshPrefix();
    const first = processAt();
    const before = tableCalls();
    await first.tables.load();
    expect(tableCalls() - before).toBe(TABLES.length);

    const second = processAt();
    const after = tableCalls();
    await second.tables.load();
    const apiBefore = fake.apiCalls().length;
    const schedule = await second.read('schedule', student, '202604');
    expect(tableCalls() - after).toBe(0);
    expect(fake.apiCalls().length - apiBefore).toBeGreaterThan(0);
    expect(schedule).toEqual(await first.read('schedule', student, '202604'));
    expect([...(await second.tables.rooms.all()).keys()]).toEqual([
      ...(await first.tables.rooms.all()).keys(),
    ]);
  });

  it('one load per table in a process however many ask at once (single flight)', async () => {
    freshPrefix();
    const sis = processAt();
    const before = tableCalls();
    await Promise.all([sis.tables.load(), sis.tables.load(), sis.read('current-term', student)]);
    expect(tableCalls() - before).toBe(TABLES.length);
  });

  it('a table keeps the freshness it was stored with: a process taking it late reads Ethos again when the first would', async () => {
    freshPrefix();
    await processAt().tables.load();
    let now = WEDNESDAY + CODE_TABLE_MS - 3_600_000;
    const late = processAt(() => now);
    const before = tableCalls();
    await late.tables.subjects.all();
    expect(tableCalls() - before).toBe(0);
    now = WEDNESDAY + CODE_TABLE_MS + 1;
    await late.tables.subjects.all();
    expect(fake.callsTo('subjects').length).toBeGreaterThan(0);
    expect(tableCalls() - before).toBe(1);
  });

  it('a stored table that does not fit its schema is read from Ethos, never trusted', async () => {
    freshPrefix();
    const store = new RedisCacheStore(redis.client(), { prefix });
    const key = codeTableKey('academic-levels', ETHOS_VERSIONS['academic-levels']);
    const at = WEDNESDAY;
    await store.set(
      key,
      { value: [{ code: 'no id' }], storedAt: at, freshUntil: at + 1e9 },
      60_000,
    );
    const before = fake.callsTo('academic-levels').length;
    const levels = await processAt().tables.levels.all();
    expect(fake.callsTo('academic-levels').length - before).toBe(1);
    expect(levels.size).toBeGreaterThan(0);
  });
});
