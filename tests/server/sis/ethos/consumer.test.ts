import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database.js';
import { EthosConsumeRepository } from '../../../../server/db/repositories/ethos-consume.repository.js';
import type { PendingSubject } from '../../../../server/db/repositories/ethos-consume.repository.js';
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

const person = (subject: string): PendingSubject => ({ kind: 'person', subject });
const section = (subject: string): PendingSubject => ({ kind: 'section', subject });

describe.each(repositoryStores('ethos_consume'))('Ethos change notifications on $name', (store) => {
  let database: Database;
  let repository: EthosConsumeRepository;
  const owners = new Map<string, PendingSubject>();
  const sis = () => ethosSisFor(fake);
  const consumer = (holder: string, client = sis().client) =>
    new EthosConsumer({
      client,
      repository,
      holder,
      leaseMs: 60_000,
      limit: 10,
      clock: () => now,
      ownerOf: (resource, id) => owners.get(`${resource}/${id}`),
    });
  const pending = async () =>
    (await repository.pending(100)).map((p) => `${p.kind}:${p.subject}`).sort();

  beforeEach(async () => {
    database = await store.open();
    repository = new EthosConsumeRepository(database.db);
    owners.clear();
    now = new Date('2026-10-14T19:00:00Z');
  });
  afterEach(async () => {
    await database.db.deleteFrom('ethos_consume').execute();
    await database.db.deleteFrom('ethos_pending').execute();
    await database.close();
  });

  it('keeps the person a hold, a registration, a grade, a charge, a payment or a person change names, and the section a meeting or section change names, with the queue position', async () => {
    fake.publish(
      'person-holds',
      ID.financialHold,
      { id: ID.financialHold, person: { id: ID.student } },
      'created',
    );
    fake.publish('section-registrations', 'r1', { registrant: { id: ID.advisor } });
    fake.publish('student-transcript-grades', 'g1', { student: { id: ID.student } });
    fake.publish('student-payments', 'p1', { id: 'p1', student: { id: 'payer' } }, 'created');
    fake.publish('student-charges', 'c1', { id: 'c1', student: { id: 'charged' } }, 'created');
    fake.publish('persons', ID.advisor, { id: ID.advisor });
    fake.publish('instructional-events', 'e1', { id: 'e1', section: { id: 's1' } });
    fake.publish('sections', 's2', { id: 's2', status: { category: 'cancelled' } });
    fake.publish('buildings', 'b1', { id: 'b1' });
    expect(await consumer('a').poll()).toBe(9);
    expect(await pending()).toEqual(
      [
        `person:${ID.student}`,
        `person:${ID.advisor}`,
        'person:payer',
        'person:charged',
        'section:s1',
        'section:s2',
      ].sort(),
    );
    const consume = fake.calls.filter((c) => c.url.startsWith('/consume')).at(-1);
    expect(consume?.accept).toBe('application/vnd.hedtech.change-notifications.v2+json');
  });

  it('a deletion, which carries no content, names whose the deleted record was as this process read it', async () => {
    owners.set('person-holds/h1', person(ID.student));
    owners.set('instructional-events/e9', section('s9'));
    fake.publish('person-holds', 'h1', undefined, 'deleted', 'empty');
    fake.publish('instructional-events', 'e9', undefined, 'deleted', 'empty');
    fake.publish('person-holds', 'never-read', undefined, 'deleted', 'empty');
    const unnamed: string[] = [];
    const c = new EthosConsumer({
      client: sis().client,
      repository,
      holder: 'a',
      leaseMs: 60_000,
      limit: 10,
      clock: () => now,
      ownerOf: (resource, id) => owners.get(`${resource}/${id}`),
      onUnnamed: (resource, id) => unnamed.push(`${resource}/${id}`),
    });
    expect(await c.poll()).toBe(3);
    expect(await pending()).toEqual([`person:${ID.student}`, 'section:s9']);
    expect(unnamed).toEqual(['person-holds/never-read']);
  });

  it('one process at a time: a second process gets no lease while the first holds it, and takes it once it passes', async () => {
    fake.publish('persons', ID.student, { id: ID.student });
    const first = consumer('first');
    const second = consumer('second');
    expect(await first.poll()).toBe(1);
    fake.publish('persons', ID.student, { id: ID.student });
    expect(await second.poll()).toBeUndefined();
    expect(fake.pendingChanges()).toBe(1);
    now = new Date(now.getTime() + 61_000);
    expect(await second.poll()).toBe(1);
    expect(await first.poll()).toBeUndefined();
  });

  it('a restart between reading and handling loses nothing: what was read stays named in the store until handled, and no change is read twice', async () => {
    fake.publish('persons', ID.student, { id: ID.student });
    fake.publish('persons', ID.advisor, { id: ID.advisor });
    expect(await consumer('a').poll()).toBe(2);
    const last = fake.calls.filter((c) => c.url.startsWith('/consume')).at(-1);
    expect(last?.url).not.toContain('lastProcessedID');
    // The process stops here, before it handled anything: a new one finds both named.
    expect(await pending()).toEqual([`person:${ID.advisor}`, `person:${ID.student}`].sort());
    fake.publish('persons', ID.student, { id: ID.student });
    expect(await consumer('a').poll()).toBe(1);
    const next = fake.calls.filter((c) => c.url.startsWith('/consume')).at(-1);
    expect(next?.url).toMatch(/lastProcessedID=\d+/);
    // Named twice before it was handled: one row.
    expect(await pending()).toHaveLength(2);
    await repository.handled([person(ID.student)]);
    await repository.failed(person(ID.advisor));
    expect(await repository.pending(10)).toEqual([{ ...person(ID.advisor), attempts: 1 }]);
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
    expect(await consumer('a', adapter.client).poll()).toBe(1);
    expect(await adapter.forget(ID.student)).toBe('avalencia');
    expect(await adapter.read('holds', student)).toHaveLength(2);
    // The adapter remembers whose the hold is, for its deletion's notification.
    expect(adapter.ownerOf('person-holds', 'f0000000-0000-4000-8000-000000000009')).toEqual(
      person(ID.student),
    );
    fake.data['person-holds'].pop();
  });
});
