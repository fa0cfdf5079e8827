import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findPersona } from '../../../server/sis/personas.js';
import { FakeEthos } from '../../fake-ethos/fake-ethos.js';
import { ID } from '../../fake-ethos/fixture-ids.js';
import { ethosSisFor } from '../../fake-ethos/ethos-sis.js';
import { createTestApp, signIn } from '../helpers/app.js';

/** The poll's period in production (plugins/app/ethos-consume.ts): the test clock steps by it. */
const POLL_MS = 20_000;

let fake: FakeEthos;
let now = new Date('2026-10-14T19:00:00Z');
beforeAll(async () => {
  fake = await FakeEthos.start({ now: () => now.getTime() });
  // The demo sign-in's student persona is the double's student.
  const credentials = fake.data.persons[0]?.credentials ?? [];
  const username = credentials.find((c) => c.type === 'bannerUserName');
  if (username) username.value = findPersona('student').username;
});
afterAll(() => fake.close());

describe('changes to a record on the Ethos adapter, found by comparing (issue 74)', () => {
  let app: FastifyInstance;
  const holds = () => fake.data['person-holds'];
  let arHold: (typeof fake.data)['person-holds'][number] | undefined;

  beforeEach(async () => {
    now = new Date('2026-10-14T19:00:00Z');
    // The student starts without the past-due balance hold.
    arHold ??= holds().find((h) => h.id === ID.financialHold);
    const at = holds().findIndex((h) => h.id === ID.financialHold);
    if (at >= 0) holds().splice(at, 1);
    app = await createTestApp({
      sis: ethosSisFor(fake, { clock: () => now.getTime() }),
      clock: () => now,
    });
    await signIn(app, 'student');
    // The student's baseline: the sweep on Ethos reads only the students who have none.
    await app.changes.sweep();
    while (fake.pendingChanges() > 0) await app.ethosConsume?.poll();
  });
  afterEach(async () => app.close());

  const student = async () => {
    const user = await app.repositories.users.findByUsername('avalencia');
    if (!user) throw new Error('no student');
    return user;
  };
  const bell = async () =>
    (
      await app.repositories.messages.forRecipient(
        { id: (await student()).id, username: 'avalencia', roles: ['student'] },
        now,
      )
    ).filter((m) => m.body === 'Changes to your record');
  const task = () =>
    app.database.db
      .selectFrom('inbound_items as i')
      .innerJoin('inbound_recipients as r', 'r.item_id', 'i.id')
      .select(['i.title', 'r.completed_at'])
      .where('i.source_id', 'like', 'record:avalencia:hold-added:AR%')
      .execute();

  it('a hold added in Ethos: within 90 seconds a bell message "A hold was added: …", an email and the rule\'s task; removed: the task completed by the record ("Student Accounts removed this hold") and a second message', async () => {
    const published = now.getTime();
    if (!arHold) throw new Error('no hold in the double');
    holds().push(arHold);
    fake.publish('person-holds', ID.financialHold, { person: { id: ID.student } }, 'created');
    now = new Date(published + POLL_MS);
    const people = fake.calls.length;
    expect(await app.ethosConsume?.poll()).toBe(1);
    // Only the named person was read again.
    expect(fake.calls.slice(people).some((c) => c.url.includes('person-holds'))).toBe(true);
    const added = await bell();
    expect(added.map((m) => m.title)).toEqual(['A hold was added: Past-due balance']);
    expect(Date.parse(added[0]?.created_on ?? '') - published).toBeLessThanOrEqual(90_000);
    expect(await task()).toEqual([{ title: 'Pay your past-due balance', completed_at: null }]);
    await app.notify.tick();
    const emails = await app.notify.outbox.list(10);
    expect(emails.map((e) => [e.subject, e.topic])).toEqual([
      ['A hold was added: Past-due balance', 'records'],
    ]);

    // A replay of the same notification raises nothing again.
    fake.publish('person-holds', ID.financialHold, { person: { id: ID.student } }, 'updated');
    now = new Date(now.getTime() + POLL_MS);
    await app.ethosConsume?.poll();
    expect(await bell()).toHaveLength(1);

    holds().splice(holds().indexOf(arHold), 1);
    fake.publish('person-holds', ID.financialHold, { person: { id: ID.student } }, 'deleted');
    now = new Date(now.getTime() + POLL_MS);
    await app.ethosConsume?.poll();
    expect((await bell()).map((m) => m.title).sort()).toEqual([
      'A hold was added: Past-due balance',
      'A hold was removed: Past-due balance',
    ]);
    const [done] = await task();
    expect(done?.completed_at).not.toBeNull();
    // Completed by the record, saying why: the hold's office, from the hold category's table.
    const why = await app.database.db
      .selectFrom('ns_user_tasks')
      .select('completed_because')
      .where('user_id', '=', (await student()).id)
      .where('completed_because', 'is not', null)
      .execute();
    expect(why).toEqual([
      { completed_because: '{"kind":"hold-removed","office":"Student Accounts"}' },
    ]);
  });

  it('a person whose read fails when a notification names them is compared again on the next poll, and the change told once (the queue never hands the notification on again)', async () => {
    if (!arHold) throw new Error('no hold in the double');
    holds().push(arHold);
    fake.publish('person-holds', ID.financialHold, { person: { id: ID.student } }, 'created');
    // Banner is down for the holds while the notification is consumed.
    fake.fail('person-holds', { kind: 'status', status: 500 });
    now = new Date(now.getTime() + POLL_MS);
    expect(await app.ethosConsume?.poll()).toBe(1);
    expect(fake.pendingChanges()).toBe(0);
    expect(await bell()).toEqual([]);

    fake.fail('person-holds', { kind: 'status', status: 500 }, 0);
    now = new Date(now.getTime() + POLL_MS);
    expect(await app.ethosConsume?.poll()).toBe(0);
    expect((await bell()).map((m) => m.title)).toEqual(['A hold was added: Past-due balance']);
    // Read and told: the next poll reads nobody again.
    const calls = fake.calls.length;
    now = new Date(now.getTime() + POLL_MS);
    await app.ethosConsume?.poll();
    expect(fake.calls.slice(calls).some((c) => c.url.includes('person-holds'))).toBe(false);
    expect(await bell()).toHaveLength(1);
  });

  it('a person whose read keeps failing is given up after three polls', async () => {
    fake.publish('person-holds', ID.financialHold, { person: { id: ID.student } }, 'updated');
    fake.fail('person-holds', { kind: 'status', status: 500 });
    const holdReads = () => fake.calls.filter((c) => c.url.includes('person-holds')).length;
    const reads: number[] = [];
    for (let poll = 0; poll < 4; poll += 1) {
      const before = holdReads();
      now = new Date(now.getTime() + POLL_MS);
      await app.ethosConsume?.poll();
      reads.push(holdReads() - before);
    }
    fake.fail('person-holds', { kind: 'status', status: 500 }, 0);
    expect(reads.slice(0, 3).every((n) => n > 0)).toBe(true);
    expect(reads[3]).toBe(0);
  });

  it('a notification naming a person the portal does not know reads nobody', async () => {
    fake.publish('persons', ID.advisor, { id: ID.advisor });
    now = new Date(now.getTime() + POLL_MS);
    expect(await app.ethosConsume?.poll()).toBe(1);
    expect(await bell()).toEqual([]);
  });
});
