import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EthosConsumer } from '../../../server/sis/ethos/consumer.js';
import { FakeEthos } from '../../fake-ethos/fake-ethos.js';
import { ID, grade, room, section } from '../../fake-ethos/fixture-ids.js';
import { ethosSisFor, student } from '../../fake-ethos/ethos-sis.js';
import { EthosTenant } from '../../fake-ethos/tenant.js';
import { createTestApp, signIn } from '../helpers/app.js';

/**
 * Changes to a record as a real Ethos tenant sends them (issue 87): the double's tenant layer
 * (tests/fake-ethos/tenant.ts) changes the record and publishes the notification in Ellucian's
 * published shape: `replaced` for an update, a deletion `empty` with no person in it, a class move
 * naming only its section. The student signs in and is not visiting: nothing but the notifications
 * tells the portal, and no test sweeps for a baseline by hand.
 */

/** The poll's period in production (plugins/app/ethos-consume.ts): the test clock steps by it. */
const POLL_MS = 20_000;
const AR_TYPE = 'h0000000-0000-4000-8000-000000000001';

let fake: FakeEthos;
let tenant: EthosTenant;
let app: FastifyInstance;
let now: Date;

const start = async (env: Record<string, string> = {}) => {
  app = await createTestApp({
    sis: ethosSisFor(fake, { clock: () => now.getTime() }),
    clock: () => now,
    env,
  });
  await signIn(app, 'student');
  // The baseline the sign-in reads in the background.
  await app.changes.idle();
};

beforeEach(async () => {
  now = new Date('2026-10-14T19:00:00Z');
  fake = await FakeEthos.start({ now: () => now.getTime() });
  tenant = new EthosTenant(fake, () => now.getTime());
  // The demo sign-in's student persona is the double's student; they start with no hold.
  const username = fake.data.persons[0]?.credentials.find((c) => c.type === 'bannerUserName');
  if (username) username.value = student.username;
  fake.data['person-holds'].splice(0);
});
afterEach(async () => {
  await app.close();
  await fake.close();
});

/** The Ethos queue read and what it named handled, a poll's period after the change. */
const poll = async () => {
  now = new Date(now.getTime() + POLL_MS);
  return app.ethosConsume?.poll();
};
/** The student's record-change messages: the title of each, one per change or a summary. */
const told = async () =>
  (
    await app.database.db
      .selectFrom('messages')
      .select(['title', 'created_on'])
      .where('username', '=', student.username)
      .where('body', '=', 'Changes to your record')
      .orderBy('id')
      .execute()
  ).map((m) => m.title);
/** This term's schedule as the adapter answers it now. */
const schedule = async () => {
  const term = await app.sis.read('current-term', student);
  const code = 'p_term_out' in term ? term.p_term_out : '';
  const answer = await app.sis.read('schedule', student, code);
  return Array.isArray(answer) ? answer : [];
};
const taskOf = (kind: string) =>
  app.database.db
    .selectFrom('inbound_items as i')
    .innerJoin('inbound_recipients as r', 'r.item_id', 'i.id')
    .select(['i.title', 'r.completed_at'])
    .where('i.source_id', 'like', `record:${student.username}:${kind}:%`)
    .execute();

describe('record changes from an Ethos tenant, each told once within 90 s (issue 87)', () => {
  it('a hold added right after the first sign-in is told (the baseline is the record before it), its task opened; its deletion, which names no person, is told and the task completed', async () => {
    await start();
    const published = now.getTime();
    const hold = tenant.addHold(ID.student, { category: 'financial', typeId: AR_TYPE });
    expect(await poll()).toBe(1);
    expect(await told()).toEqual(['A hold was added: Past-due balance']);
    expect(now.getTime() - published).toBeLessThanOrEqual(90_000);
    expect(await taskOf('hold-added')).toEqual([
      { title: 'Pay your past-due balance', completed_at: null },
    ]);

    tenant.removeHold(hold.id);
    await poll();
    expect(await told()).toEqual([
      'A hold was added: Past-due balance',
      'A hold was removed: Past-due balance',
    ]);
    const [task] = await taskOf('hold-added');
    expect(task?.completed_at).not.toBeNull();
    // Nothing further on the next polls.
    await poll();
    expect(await told()).toHaveLength(2);
  });

  it('a payment posted (1,250.00 due becomes 1,000.00) is told once', async () => {
    await start();
    tenant.postPayment(ID.student, 250.5, ID.fall);
    await poll();
    await poll();
    expect(await told()).toEqual(['Your account balance changed or a payment posted']);
  });

  it('a class moved whose notification was read just before a restart is told once by the next process, and Academics shows the new time and room at once', async () => {
    await start();
    const math = async () => (await schedule()).find((m) => m.COURSENUMBER === '251');
    expect(await math()).toMatchObject({ STARTTIME: '09:00', ROOM: '120' });
    tenant.moveClass(section('math'), {
      start: '2026-09-21T20:00:00Z',
      end: '2026-09-21T21:20:00Z',
      room: room(2),
    });
    // A process reads the queue and stops before it handles what it read.
    const stopped = new EthosConsumer({
      client: ethosSisFor(fake).client,
      repository: app.repositories.ethosConsume,
      holder: 'stopped-process',
      leaseMs: 60_000,
      limit: 100,
      clock: () => now,
      ownerOf: () => undefined,
    });
    expect(await stopped.poll()).toBe(1);
    expect(fake.pendingChanges()).toBe(0);
    // Its lease passes; this process takes the queue and handles what the other named.
    now = new Date(now.getTime() + 61_000);
    await poll();
    expect(await told()).toEqual(['The time or room of MTH 251 changed']);
    expect(await math()).toMatchObject({ STARTTIME: '13:00', ROOM: '305' });
    // Visits and later polls compare the same record: told once.
    await app.inject({ method: 'GET', url: '/academics' });
    await app.changes.idle();
    await poll();
    expect(await told()).toHaveLength(1);
  });

  it('a cancelled class is told and leaves the schedule', async () => {
    await start();
    expect((await schedule()).map((m) => m.SUBJECTCODE)).toContain('CS');
    tenant.cancelSection(section('cs'));
    await poll();
    expect(await told()).toEqual([
      'CS 161 is no longer on your schedule: it was dropped or cancelled',
    ]);
    expect((await schedule()).map((m) => m.SUBJECTCODE)).not.toContain('CS');
  });

  it('a record with a part that cannot be read still has its other changes told: a grade posted while the balance cannot be read', async () => {
    await start();
    fake.fail('account-detail-reviews', { kind: 'status', status: 500 });
    fake.fail('student-charges', { kind: 'status', status: 500 });
    tenant.postGrade(ID.student, section('wr'), grade('A-'));
    await poll();
    expect(await told()).toEqual(['A final grade was posted for WR 121']);
  });

  it('CHANGES=off: the same hold added, payment posted and class moved raise nothing', async () => {
    await start({ CHANGES: 'off' });
    tenant.addHold(ID.student, { category: 'financial', typeId: AR_TYPE });
    tenant.postPayment(ID.student, 100, ID.fall);
    await poll();
    await poll();
    expect(await told()).toEqual([]);
  });
});
