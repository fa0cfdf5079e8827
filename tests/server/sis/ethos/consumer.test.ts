import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database.js';
import { EthosConsumeRepository } from '../../../../server/db/repositories/ethos-consume.repository.js';
import { EthosConsumer } from '../../../../server/sis/ethos/consumer.js';
import { FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { ID } from '../../../fake-ethos/fixture-ids.js';
import { ethosSisFor, student } from '../../../fake-ethos/ethos-sis.js';
import { repositoryStores } from '../../db/stores.js';

let fake: FakeEthos;
let now = new Date('2026-10-14T19:00:00Z');

beforeAll(async () => {
  fake = await FakeEthos.start({ now: () => now.getTime() });
});
afterAll(() => fake.close());

describe.each(repositoryStores('ethos_consume'))('Ethos change notifications on $name', (store) => {
  let database: Database;
  let repository: EthosConsumeRepository;
  const forgotten: string[] = [];
  const sis = () => ethosSisFor(fake);
  const consumer = (holder: string, client = sis().client) =>
    new EthosConsumer({
      client,
      repository,
      holder,
      leaseMs: 60_000,
      limit: 10,
      clock: () => now,
      forget: async (id) => {
        forgotten.push(id);
      },
    });

  beforeEach(async () => {
    database = await store.open();
    repository = new EthosConsumeRepository(database.db);
    forgotten.length = 0;
    now = new Date('2026-10-14T19:00:00Z');
  });
  afterEach(async () => {
    await database.db.deleteFrom('ethos_consume').execute();
    await database.close();
  });

  it('drops the cached reads of the person a hold, a registration, a grade or a person change names', async () => {
    fake.publish(
      'person-holds',
      ID.financialHold,
      { id: ID.financialHold, person: { id: ID.student } },
      'created',
    );
    fake.publish('section-registrations', 'r1', { registrant: { id: ID.advisor } });
    fake.publish('student-transcript-grades', 'g1', { student: { id: ID.student } });
    fake.publish('persons', ID.advisor, { id: ID.advisor });
    fake.publish('buildings', 'b1', { id: 'b1' });
    expect(await consumer('a').poll()).toBe(5);
    expect(forgotten.sort()).toEqual([ID.student, ID.advisor].sort());
    const consume = fake.calls.filter((c) => c.url.startsWith('/consume')).at(-1);
    expect(consume?.accept).toBe('application/vnd.hedtech.change-notifications.v2+json');
  });

  it('one process at a time: a second process gets no lease while the first holds it, and takes it once it passes', async () => {
    fake.publish('persons', ID.student, { id: ID.student });
    const first = consumer('first');
    const second = consumer('second');
    expect(await first.poll()).toBe(1);
    fake.publish('persons', ID.student, { id: ID.student });
    expect(await second.poll()).toBe(0);
    expect(fake.pendingChanges()).toBe(1);
    now = new Date(now.getTime() + 61_000);
    expect(await second.poll()).toBe(1);
    expect(await first.poll()).toBe(0);
  });

  it('keeps the last id handled in the store and never applies a change twice', async () => {
    fake.publish('persons', ID.student, { id: ID.student });
    fake.publish('persons', ID.advisor, { id: ID.advisor });
    expect(await consumer('a').poll()).toBe(2);
    const last = fake.calls.filter((c) => c.url.startsWith('/consume')).at(-1);
    expect(last?.url).not.toContain('lastProcessedID');
    // A restart: the new process goes on after the id the store keeps.
    fake.publish('persons', ID.student, { id: ID.student });
    expect(await consumer('a').poll()).toBe(1);
    const next = fake.calls.filter((c) => c.url.startsWith('/consume')).at(-1);
    expect(next?.url).toMatch(/lastProcessedID=\d+/);
    expect(forgotten).toEqual([ID.student, ID.advisor, ID.student]);
    expect(await consumer('a').poll()).toBe(0);
  });

  it('a hold added in Banner reaches the adapter: its cached person is dropped and the next holds read shows it', async () => {
    const adapter = sis();
    expect(await adapter.read('holds', student)).toHaveLength(1);
    const added = structuredClone(fake.data['person-holds'][0]);
    if (!added) throw new Error('the fixtures have a hold');
    fake.data['person-holds'].push({ ...added, id: 'f0000000-0000-4000-8000-000000000009' });
    fake.publish(
      'person-holds',
      'f0000000-0000-4000-8000-000000000009',
      { person: { id: ID.student } },
      'created',
    );
    const usernames: (string | undefined)[] = [];
    const c = new EthosConsumer({
      client: adapter.client,
      repository,
      holder: 'a',
      leaseMs: 60_000,
      limit: 10,
      clock: () => now,
      forget: async (id) => {
        usernames.push(await adapter.forget(id));
      },
    });
    expect(await c.poll()).toBe(1);
    expect(usernames).toEqual(['avalencia']);
    expect(await adapter.read('holds', student)).toHaveLength(2);
    fake.data['person-holds'].pop();
  });
});
