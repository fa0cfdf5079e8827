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
    // The baseline: three calls for the student (the term, classes and grades share one; the
    // balance is the account's), basic auth.
    expect(fake.calls.map((c) => [c.operation, c.auth, c.who]).sort()).toEqual([
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

  it('as the student, records are not swept (no sign-in token without a session): no call is made', async () => {
    const portal = await open('student', () => START);
    fake.calls.length = 0;
    expect(await portal.changes.sweep()).toBeUndefined();
    expect(fake.calls).toEqual([]);
  });
});
