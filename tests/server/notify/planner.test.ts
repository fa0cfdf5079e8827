import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { reminderKeyOn, remindersDue, reminderTime } from '../../../server/notify/planner.js';
import { at, days, hours, reminderApp } from './fixture.js';

const ZONE = 'America/Los_Angeles';

describe('when a deadline reminder is due (campus time)', () => {
  it('3 and 1 days before keep the campus time of day across the autumn daylight-saving change (73 hours before, not 72)', () => {
    // Tue Nov 3, 2026, 4:00 PM PST; the clocks went back on Sun Nov 1.
    const deadline = new Date('2026-11-04T00:00:00.000Z');
    expect(reminderTime(deadline, 3, ZONE).toISOString()).toBe('2026-10-31T23:00:00.000Z'); // Sat 4:00 PM PDT
    expect(reminderTime(deadline, 1, ZONE).toISOString()).toBe('2026-11-03T00:00:00.000Z'); // Mon 4:00 PM PST
  });

  it('3 days before a deadline after the spring change is 71 hours before, at the same campus time', () => {
    // Tue Mar 16, 2027, 9:00 AM PDT; the clocks went forward on Sun Mar 14.
    const deadline = new Date('2027-03-16T16:00:00.000Z');
    expect(reminderTime(deadline, 3, ZONE).toISOString()).toBe('2027-03-13T17:00:00.000Z'); // Sat 9:00 AM PST
  });

  it('a deadline whose 3-day point has passed gets one reminder at once, and the 1-day one at its time', () => {
    const deadline = new Date('2026-11-20T00:00:00.000Z');
    const now = new Date('2026-11-17T12:00:00.000Z'); // 2.5 days before
    expect(remindersDue(deadline, now, ZONE)).toEqual([
      { offset: 3, runAt: now },
      { offset: 1, runAt: new Date('2026-11-19T00:00:00.000Z') },
    ]);
  });

  it('once both points have passed only the latest is sent at once, not both', () => {
    const deadline = new Date('2026-11-20T00:00:00.000Z');
    const now = new Date('2026-11-19T12:00:00.000Z'); // half a day before
    expect(remindersDue(deadline, now, ZONE)).toEqual([{ offset: 1, runAt: now }]);
  });

  it('a passed deadline gets no reminder', () => {
    const deadline = new Date('2026-11-20T00:00:00.000Z');
    expect(remindersDue(deadline, at(deadline, 1), ZONE)).toEqual([]);
  });
});

describe('the reminder planner (next-steps deadlines, portal.md §3 contact_by_email)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  // Deadline Tue Nov 3, 2026, 4:00 PM PST, across the autumn change.
  const DEADLINE = new Date('2026-11-04T00:00:00.000Z');
  const START = at(DEADLINE, -days(6));

  it('a student who has not done a task is reminded 3 days and 1 day before its deadline in campus time', async () => {
    const f = await reminderApp(START);
    app = f.app;
    const { userTaskId } = await f.addTask(DEADLINE);
    await f.app.notify.plan();
    expect(await f.jobsOf(userTaskId)).toEqual([]); // 6 days before: beyond the planning horizon
    f.setNow(at(DEADLINE, -days(4)));
    await f.app.notify.plan();
    f.setNow(at(DEADLINE, -days(2)));
    await f.app.notify.plan();
    await f.app.notify.plan(); // a second round adds nothing
    expect(await f.jobsOf(userTaskId)).toEqual([
      {
        key: `reminder:${userTaskId}:3:2026-11-04T00:00:00.000Z`,
        offset: 3,
        runAt: '2026-10-31T23:00:00.000Z',
        state: 'pending',
        reason: null,
      },
      {
        key: `reminder:${userTaskId}:1:2026-11-04T00:00:00.000Z`,
        offset: 1,
        runAt: '2026-11-03T00:00:00.000Z',
        state: 'pending',
        reason: null,
      },
    ]);
  });

  it('a done or dismissed task gets no reminder', async () => {
    const f = await reminderApp(at(DEADLINE, -days(2)));
    app = f.app;
    const done = await f.addTask(DEADLINE, 'Done task');
    const dismissed = await f.addTask(DEADLINE, 'Dismissed task');
    const open = await f.addTask(DEADLINE, 'Open task');
    const db = f.app.database.db;
    await db
      .updateTable('ns_user_tasks')
      .set({ completed_on: f.now().toISOString() })
      .where('id', '=', done.userTaskId)
      .execute();
    await db
      .updateTable('ns_user_tasks')
      .set({ does_not_apply_on: f.now().toISOString() })
      .where('id', '=', dismissed.userTaskId)
      .execute();
    await f.app.notify.plan();
    expect(await f.jobsOf(done.userTaskId)).toEqual([]);
    expect(await f.jobsOf(dismissed.userTaskId)).toEqual([]);
    expect(await f.jobsOf(open.userTaskId)).toHaveLength(2);
  });

  it('a person without email consent (contact_by_email off) gets no reminder', async () => {
    const f = await reminderApp(at(DEADLINE, -days(2)));
    app = f.app;
    const { userTaskId } = await f.addTask(DEADLINE);
    const prefs = await f.app.repositories.preferences.forUser(f.student.id);
    await f.app.repositories.preferences.update(f.student.id, prefs.pk, {
      contact_by_email: false,
    });
    await f.app.notify.plan();
    expect(await f.jobsOf(userTaskId)).toEqual([]);
  });

  it('a person whose Next Steps notification types leave out deadline alerts gets no reminder', async () => {
    const f = await reminderApp(at(DEADLINE, -days(2)));
    app = f.app;
    const { userTaskId } = await f.addTask(DEADLINE);
    const emailOnly = await f.app.database.db
      .selectFrom('ns_notification_types')
      .select('id')
      .where('name', '=', 'Email reminders')
      .executeTakeFirstOrThrow();
    await f.app.repositories.nextStepsProfile.setPreference(f.student.id, {
      notifications: [emailOnly.id],
    });
    await f.app.notify.plan();
    expect(await f.jobsOf(userTaskId)).toEqual([]);
  });

  it('a task done after its reminder was planned: the pending reminder is dropped when it comes due', async () => {
    const f = await reminderApp(at(DEADLINE, -days(4)), {
      notify: {
        mailer: {
          kind: 'outbox',
          send: async () => {
            throw new Error('must not send');
          },
          close: () => {},
        },
      },
    });
    app = f.app;
    const { userTaskId } = await f.addTask(DEADLINE);
    await f.app.notify.plan();
    await f.app.database.db
      .updateTable('ns_user_tasks')
      .set({ completed_on: f.now().toISOString() })
      .where('id', '=', userTaskId)
      .execute();
    f.setNow(at(DEADLINE, -days(3) + hours(1)));
    expect(await f.app.notify.tick()).toBeGreaterThanOrEqual(1);
    expect(await f.jobsOf(userTaskId)).toMatchObject([
      { offset: 3, state: 'dropped', reason: 'task done' },
    ]);
  });

  it('a moved deadline is a new reminder; the one for the old deadline is dropped when it comes due', async () => {
    const f = await reminderApp(at(DEADLINE, -days(2)));
    app = f.app;
    const { taskId, userTaskId } = await f.addTask(DEADLINE);
    await f.app.notify.plan();
    const moved = at(DEADLINE, days(7));
    await f.app.database.db
      .updateTable('ns_tasks')
      .set({ ends_on: moved.toISOString() })
      .where('id', '=', taskId)
      .execute();
    f.setNow(at(moved, -days(2)));
    await f.app.notify.plan();
    await f.app.notify.tick();
    const jobs = await f.jobsOf(userTaskId);
    expect(jobs.filter((j) => j.key.endsWith(DEADLINE.toISOString())).map((j) => j.reason)).toEqual(
      ['deadline moved', 'deadline moved'],
    );
    expect(jobs.filter((j) => j.key.endsWith(moved.toISOString())).map((j) => j.state)).toEqual([
      'sent',
      'pending',
    ]);
  });
});

describe('a task’s own reminder days (issue 29: staff set them in the admin)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  // Fri Dec 18, 2026, 3:59 PM PST.
  const DEADLINE = new Date('2026-12-18T23:59:00.000Z');

  it('a task’s own days replace the campus default: 7, 3 and 1 days before, at the deadline’s campus time', () => {
    const now = at(DEADLINE, -days(8));
    expect(remindersDue(DEADLINE, now, ZONE, [7, 3, 1]).map((r) => r.offset)).toEqual([7]);
    expect(reminderTime(DEADLINE, 7, ZONE).toISOString()).toBe('2026-12-11T23:59:00.000Z');
  });

  it('0 days before is the deadline’s own day at the campus morning hour', () => {
    expect(reminderTime(DEADLINE, 0, ZONE, 7).toISOString()).toBe('2026-12-18T15:00:00.000Z'); // 7:00 AM PST
  });

  it('0 days before a deadline earlier than the morning hour is an hour before the deadline', () => {
    const early = new Date('2026-12-18T14:30:00.000Z'); // 6:30 AM PST
    expect(reminderTime(early, 0, ZONE, 7).toISOString()).toBe('2026-12-18T13:30:00.000Z');
  });

  it('the planner uses the task’s own days; a task without its own uses the campus default 3 and 1', async () => {
    const f = await reminderApp(at(DEADLINE, -days(8)));
    app = f.app;
    const own = await f.addTask(DEADLINE, 'Own days', [7, 0]);
    const campus = await f.addTask(DEADLINE, 'Campus days');
    for (const d of [8, 6, 4, 2, 1]) {
      f.setNow(at(DEADLINE, -days(d)));
      await f.app.notify.plan();
    }
    expect((await f.jobsOf(own.userTaskId)).map((j) => j.key)).toEqual([
      `reminder:${own.userTaskId}:7:${DEADLINE.toISOString()}`,
      `reminder:${own.userTaskId}:0:${DEADLINE.toISOString()}`,
    ]);
    expect((await f.jobsOf(campus.userTaskId)).map((j) => j.offset)).toEqual([3, 1]);
  });

  it('a day staff removed after its reminder was planned: the pending reminder is dropped when it comes due', async () => {
    const f = await reminderApp(at(DEADLINE, -days(8)));
    app = f.app;
    const { taskId, userTaskId } = await f.addTask(DEADLINE, 'Changed days', [7, 2]);
    f.setNow(at(DEADLINE, -days(7) - hours(1)));
    await f.app.notify.plan();
    await f.app.database.db
      .updateTable('ns_tasks')
      .set({ reminder_offsets: JSON.stringify([2]) })
      .where('id', '=', taskId)
      .execute();
    f.setNow(at(DEADLINE, -days(7) + hours(1)));
    await f.app.notify.tick();
    expect(await f.jobsOf(userTaskId)).toMatchObject([
      { offset: 7, state: 'dropped', reason: 'reminder days changed' },
    ]);
  });
});

describe('a reminder’s key on each channel', () => {
  it('keeps the spelling jobs queued before channels were modules have, so an upgrade queues none of them again: email reminder:…, text sms:reminder:…, push reminder:…:push:<device>', () => {
    const p = { userTaskId: 12, taskId: 3, offset: 1, deadline: '2026-11-30T23:59:00.000Z' };
    const base = 'reminder:12:1:2026-11-30T23:59:00.000Z';
    expect(reminderKeyOn('email', p, { userId: 9 })).toBe(base);
    expect(reminderKeyOn('sms', p, { userId: 9 })).toBe(`sms:${base}`);
    expect(reminderKeyOn('push', p, { userId: 9, subscriptionId: 4 })).toBe(`${base}:push:4`);
  });
});
