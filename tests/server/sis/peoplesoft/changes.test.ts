import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakePeopleSoft } from '../../../fake-peoplesoft/fake-peoplesoft.js';
import { STUDENT } from '../../../fake-peoplesoft/fixtures.js';
import { createTestApp } from '../../helpers/app.js';

let fake: FakePeopleSoft;
beforeAll(async () => {
  fake = await FakePeopleSoft.start();
});
afterAll(() => fake.stop());

/** A Wednesday of the spring term the double enrols the student in (STRM 2272). */
const START = new Date('2027-01-20T18:00:00Z');
const MINUTE = 60_000;

describe('changes to a PeopleSoft record, found by the sweep (issue 91)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  const open = async (auth: 'service' | 'student', clock: () => Date) => {
    const service = {
      PEOPLESOFT_USER: fake.service.user,
      PEOPLESOFT_PASSWORD: fake.service.password,
    };
    app = await createTestApp({
      clock,
      env: {
        SIS_ADAPTER: 'peoplesoft',
        PEOPLESOFT_BASE_URL: fake.baseUrl,
        PEOPLESOFT_AUTH: auth,
        ...(auth === 'service' ? service : {}),
        CHANGES: 'on',
        CHANGES_SWEEP_MINUTES: '1',
        SEED_SAMPLES: '0',
      },
    });
    // The student as their sign-in stores them; the service account reads them by this EmplID.
    await app.repositories.users.upsert(
      {
        username: STUDENT.username,
        persona: null,
        first_name: 'Lucy',
        last_name: 'Garcia',
        email: 'lgarcia@example.edu',
        nine_number: STUDENT.emplid,
        primary_role: 'student',
        other_roles: [],
        is_staff: false,
        is_superuser: false,
        can_use_demo: false,
        financial_dashboard_access: false,
        has_provisional_account: false,
      },
      clock(),
    );
    return app;
  };

  /** The record-change titles in the student's Messages, oldest first. */
  const told = async (portal: FastifyInstance, now: Date) => {
    const user = await portal.repositories.users.findByUsername(STUDENT.username);
    if (!user) throw new Error('no student');
    const rows = await portal.repositories.messages.forRecipient(
      { id: user.id, username: user.username, roles: ['student'] },
      now,
    );
    return rows
      .filter((m) => m.body === 'Changes to your record')
      .map((m) => m.title)
      .sort();
  };

  it('as the service account, a hold added in PeopleSoft is raised to the student by the next sweep within the one-minute interval, once; a class moved likewise', async () => {
    let now = START;
    const portal = await open('service', () => now);
    expect(portal.config.changes.sweepMinutes).toBe(1);
    fake.calls.length = 0;
    expect((await portal.changes.sweep())?.changes).toEqual([]);
    // The baseline: three calls for the student's record (the term, classes and grades share one;
    // the balance is the account's) and two for their checklist and notifications, basic auth.
    expect(fake.calls.map((c) => [c.operation, c.auth, c.who]).sort()).toEqual([
      ['SCC_GET_CHECKLIST_R', 'basic', STUDENT.username],
      ['SCC_GET_NOTIFICATIONS_R', 'basic', STUDENT.username],
      ['SCC_GET_SERVICE_INDICATORS_R', 'basic', STUDENT.username],
      ['SSF_GET_STUDENT_ACCOUNT', 'basic', STUDENT.username],
      ['SSR_GET_ENROLLMENT_R', 'basic', STUDENT.username],
    ]);

    fake.addIndicator(STUDENT.username, {
      SRVC_IND_CD: 'AR1',
      SRVC_IND_CD_DESCR: 'Past Due Balance',
      SRVC_IND_ACTIVE_DT: '2027-01-20',
      DEPTID_DESCR: 'Student Financial Services',
    });
    now = new Date(now.getTime() + MINUTE);
    const next = await portal.changes.sweep();
    expect(next?.changes.map((c) => [c.kind, c.subject])).toEqual([['hold-added', 'AR1']]);
    expect(await told(portal, now)).toEqual(['A hold was added: Past Due Balance']);

    // The following sweep finds the record as the last one left it: nothing told twice.
    now = new Date(now.getTime() + MINUTE);
    expect((await portal.changes.sweep())?.changes).toEqual([]);
    expect(await told(portal, now)).toEqual(['A hold was added: Past Due Balance']);

    fake.moveClass(STUDENT.username, '10542', {
      facility: 'SB2-110',
      place: 'Science Building 2 110',
    });
    now = new Date(now.getTime() + MINUTE);
    const moved = await portal.changes.sweep();
    expect(moved?.changes.map((c) => c.kind)).toEqual(['class-moved']);
    now = new Date(now.getTime() + MINUTE);
    expect((await portal.changes.sweep())?.changes).toEqual([]);
    expect(await told(portal, now)).toEqual([
      'A hold was added: Past Due Balance',
      'The time or room of MTH 251 changed',
    ]);
  });

  /** The student's Next Steps tasks the record published, with when each was completed and why. */
  const tasks = (portal: FastifyInstance) =>
    portal.database.db
      .selectFrom('inbound_items as i')
      .innerJoin('inbound_recipients as r', 'r.item_id', 'i.id')
      .innerJoin('ns_tasks as t', 't.inbound_item_id', 'i.id')
      .innerJoin('ns_user_tasks as u', 'u.task_id', 't.id')
      .select(['i.title', 'i.due_on', 'r.completed_at', 'u.completed_because'])
      .where('i.source_id', 'like', `checklist:${STUDENT.username}:%`)
      .execute();

  /** The titles in the student's Messages that are not the record's changes. */
  const messages = async (portal: FastifyInstance, now: Date) => {
    const user = await portal.repositories.users.findByUsername(STUDENT.username);
    if (!user) throw new Error('no student');
    const rows = await portal.repositories.messages.forRecipient(
      { id: user.id, username: user.username, roles: ['student'] },
      now,
    );
    return rows.filter((m) => m.body !== 'Changes to your record').map((m) => m.title);
  };

  it('as the service account, the checklist becomes Next Steps tasks (completed in PeopleSoft, completed here) and the alerts messages, each once', async () => {
    let now = START;
    const portal = await open('service', () => now);
    await portal.database.db
      .insertInto('ns_categories')
      .values({ slug: 'registration', name: 'Registration' })
      .execute();
    await portal.changes.sweep();
    // The item to do is a task, due on its DUE_DT; the one PeopleSoft has completed opens none.
    expect(await tasks(portal)).toEqual([
      {
        title: 'Complete Enrollment',
        due_on: '2027-02-15',
        completed_at: null,
        completed_because: null,
      },
    ]);
    // The alert is a message; the email PeopleSoft sent itself is not.
    expect(await messages(portal, now)).toEqual(['Your enrollment appointment is open']);

    now = new Date(now.getTime() + MINUTE);
    await portal.changes.sweep();
    expect(await tasks(portal)).toHaveLength(1);
    expect(await messages(portal, now)).toHaveLength(1);

    fake.setChecklistStatus(STUDENT.username, '3', 'C');
    fake.notify(STUDENT.username, { SCC_NTFREQ_ID: '220', SCC_NTF_SUBJECT: 'Holds updated' });
    now = new Date(now.getTime() + MINUTE);
    await portal.changes.sweep();
    const [done] = await tasks(portal);
    expect(done?.completed_at).not.toBeNull();
    expect(done?.completed_because).toBe('{"kind":"checklist-completed"}');
    expect((await messages(portal, now)).sort()).toEqual([
      'Holds updated',
      'Your enrollment appointment is open',
    ]);
    // Completed once: a later sweep leaves the completion as it was.
    now = new Date(now.getTime() + MINUTE);
    await portal.changes.sweep();
    expect((await tasks(portal))[0]?.completed_at).toBe(done?.completed_at);
  });

  it('as the student, records are not swept (no sign-in token without a session): no call is made', async () => {
    const portal = await open('student', () => START);
    fake.calls.length = 0;
    expect(await portal.changes.sweep()).toBeUndefined();
    expect(fake.calls).toEqual([]);
  });
});
