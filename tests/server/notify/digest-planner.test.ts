import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { isoWeek, isoWeekday } from '../../../server/notify/digest.js';
import { planDailyDigests, weeklyDigestTime } from '../../../server/notify/digest-planner.js';
import { at, days, hours, reminderApp } from './fixture.js';

const ZONE = 'America/Los_Angeles';
const RULES = { zone: ZONE, offsets: [3, 1], morningHour: 7, weekly: { weekday: 1, hour: 9 } };

describe('the weekly digest’s week (ISO weeks on the campus calendar)', () => {
  it.each([
    ['2026-11-23', '2026-W48', 1],
    ['2026-11-29', '2026-W48', 7],
    ['2027-01-01', '2026-W53', 5],
    ['2024-12-30', '2025-W01', 1],
  ])('%s is in %s, weekday %i', (day, week, weekday) => {
    expect(isoWeek(day)).toBe(week);
    expect(isoWeekday(day)).toBe(weekday);
  });

  it('this week’s digest is on the campus weekday and hour: Monday 9:00 AM PST for a Wednesday', () => {
    expect(weeklyDigestTime(new Date('2026-11-25T20:00:00.000Z'), RULES)).toEqual({
      week: '2026-W48',
      at: new Date('2026-11-23T17:00:00.000Z'),
    });
  });

  it('late on Sunday evening on campus (Monday in UTC) is still the campus week', () => {
    expect(weeklyDigestTime(new Date('2026-11-30T05:00:00.000Z'), RULES).week).toBe('2026-W48');
  });
});

type Fixture = Awaited<ReturnType<typeof reminderApp>>;

/** Every job of the kind `prefix` (`digest:weekly:`, …) as key, state and reason. */
async function jobs(f: Fixture, prefix: string) {
  return (await f.app.notify.jobs.all())
    .filter((j) => j.idempotency_key.startsWith(prefix))
    .map((j) => ({
      key: j.idempotency_key,
      state: j.state,
      reason: j.last_error,
      runAt: j.run_at,
    }));
}

async function setDailyDigest(f: Fixture, on: boolean) {
  await f.app.repositories.preferences.forUser(f.student.id);
  await f.app.database.db
    .withTables<{ preferences: { user_id: number; daily_digest: number } }>()
    .updateTable('preferences')
    .set({ daily_digest: Number(on) })
    .where('user_id', '=', f.student.id)
    .execute();
}

/** Every task of the student done, so only the test's own tasks count. */
async function clearSampleTasks(f: Fixture) {
  await f.app.database.db
    .updateTable('ns_user_tasks')
    .set({ completed_on: f.now().toISOString() })
    .where('user_id', '=', f.student.id)
    .execute();
}

describe('the weekly digest of overdue tasks (issue 29)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  // Monday Nov 23, 2026, 9:00 AM PST: the campus default's weekly digest time.
  const MONDAY_9AM = new Date('2026-11-23T17:00:00.000Z');

  it('once a week at the campus weekday and hour, one job per student per ISO week (digest:weekly:<user>:<isoWeek>)', async () => {
    const f = await reminderApp(at(MONDAY_9AM, -hours(1)));
    app = f.app;
    await clearSampleTasks(f);
    await f.addTask(at(MONDAY_9AM, -days(2)), 'Return the loan agreement');
    await f.app.notify.plan();
    expect(await jobs(f, 'digest:weekly:')).toEqual([]);
    f.setNow(MONDAY_9AM);
    await f.app.notify.plan();
    f.setNow(at(MONDAY_9AM, hours(3)));
    await f.app.notify.plan();
    expect(await jobs(f, 'digest:weekly:')).toEqual([
      {
        key: `digest:weekly:${f.student.id}:2026-W48`,
        state: 'pending',
        reason: null,
        runAt: MONDAY_9AM.toISOString(),
      },
    ]);
    await f.app.notify.tick();
    const [email] = await f.app.notify.outbox.list(10);
    expect(email?.subject).toBe('1 task overdue in Next Steps');
    expect(email?.recipient).toBe(f.student.email);
    expect(email?.text).toContain('- Return the loan agreement — was due 2 days ago: Sat, Nov 21');
    expect(email?.html).toContain('Your overdue Next Steps tasks');
    expect(email?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(email?.headers['List-Unsubscribe']).toMatch(/\/api\/notify\/unsubscribe\?token=/);
    // The next week is a new digest.
    f.setNow(at(MONDAY_9AM, days(7)));
    await f.app.notify.plan();
    expect((await jobs(f, 'digest:weekly:')).map((j) => j.key)).toEqual([
      `digest:weekly:${f.student.id}:2026-W48`,
      `digest:weekly:${f.student.id}:2026-W49`,
    ]);
  });

  it('a large campus’s Monday: the week’s digests read the people with something overdue, not their overdue records, once a process (one job for a student with several overdue tasks); a later round in the window reads nothing', async () => {
    const f = await reminderApp(MONDAY_9AM);
    app = f.app;
    await clearSampleTasks(f);
    for (const title of ['Return the loan agreement', 'Submit your transcript', 'Book advising'])
      await f.addTask(at(MONDAY_9AM, -days(2)), title);
    const pages = vi.spyOn(f.app.repositories.deadlineTasks, 'openPage');
    const people = vi.spyOn(f.app.repositories.deadlineTasks, 'peopleWithOpen');
    const overdueReads = () => pages.mock.calls.filter(([window]) => window.after === undefined);
    await f.app.notify.plan();
    expect((await jobs(f, 'digest:weekly:')).map((j) => j.key)).toEqual([
      `digest:weekly:${f.student.id}:2026-W48`,
    ]);
    expect(overdueReads()).toEqual([]);
    expect(people).toHaveBeenCalledTimes(1);
    f.setNow(at(MONDAY_9AM, hours(1)));
    await f.app.notify.plan();
    expect(overdueReads()).toEqual([]);
    expect(people).toHaveBeenCalledTimes(1);
    expect(pages).toHaveBeenCalled(); // the reminders' window is still read each round
  });

  it('a student with nothing overdue gets no weekly digest', async () => {
    const f = await reminderApp(MONDAY_9AM);
    app = f.app;
    await clearSampleTasks(f);
    await f.addTask(at(MONDAY_9AM, days(2)), 'Not yet due');
    await f.app.notify.plan();
    expect(await jobs(f, 'digest:weekly:')).toEqual([]);
  });

  it('a student who left out deadline alerts gets no weekly digest', async () => {
    const f = await reminderApp(MONDAY_9AM);
    app = f.app;
    await f.addTask(at(MONDAY_9AM, -days(2)));
    await f.app.repositories.nextStepsProfile.setPreference(f.student.id, { notifications: [] });
    await f.app.notify.plan();
    expect(await jobs(f, 'digest:weekly:')).toEqual([]);
  });

  it('overdue tasks done after the digest was planned: it is dropped, not sent empty', async () => {
    const f = await reminderApp(MONDAY_9AM);
    app = f.app;
    await f.addTask(at(MONDAY_9AM, -days(2)));
    await f.app.notify.plan();
    await clearSampleTasks(f);
    await f.app.notify.tick();
    expect(await jobs(f, 'digest:weekly:')).toMatchObject([
      { state: 'dropped', reason: 'nothing overdue' },
    ]);
  });

  it('a server down at the digest time sends it when it is back the same day, not the next day', async () => {
    const f = await reminderApp(at(MONDAY_9AM, hours(13)));
    app = f.app;
    await f.addTask(at(MONDAY_9AM, -days(2)));
    await f.app.notify.plan();
    expect(await jobs(f, 'digest:weekly:')).toEqual([]);
    f.setNow(at(MONDAY_9AM, hours(11)));
    await f.app.notify.plan();
    expect(await jobs(f, 'digest:weekly:')).toHaveLength(1);
  });
});

describe('the daily digest (preference daily_digest): the day’s reminders in one email', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  // Monday Nov 23, 2026, 5:00 AM PST; the digest goes out at 7:00 AM PST (15:00 UTC).
  const EARLY = new Date('2026-11-23T13:00:00.000Z');
  const DIGEST_AT = new Date('2026-11-23T15:00:00.000Z');

  it('a student who chose it gets one email at the campus morning hour with the day’s reminders, and no separate reminders', async () => {
    const f = await reminderApp(EARLY);
    app = f.app;
    await clearSampleTasks(f);
    await setDailyDigest(f, true);
    // Thu 3:59 PM PST: its 3-day reminder falls on Monday. Tue 3:59 PM PST: its 1-day reminder too.
    const thursday = await f.addTask(new Date('2026-11-26T23:59:00.000Z'), 'Pay the deposit');
    const tuesday = await f.addTask(new Date('2026-11-24T23:59:00.000Z'), 'Book your advising');
    await f.addTask(new Date('2026-12-10T23:59:00.000Z'), 'Later task');
    await f.app.notify.plan();
    expect(await f.jobsOf(thursday.userTaskId)).toEqual([]);
    expect(await f.jobsOf(tuesday.userTaskId)).toEqual([]);
    expect(await jobs(f, 'digest:daily:')).toEqual([
      {
        key: `digest:daily:${f.student.id}:2026-11-23`,
        state: 'pending',
        reason: null,
        runAt: DIGEST_AT.toISOString(),
      },
    ]); // Tuesday has no reminder of theirs; Wednesday's digest is written by a later round.
    f.setNow(DIGEST_AT);
    await f.app.notify.tick();
    const emails = await f.app.notify.outbox.list(10);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('Due soon: 2 tasks in Next Steps');
    expect(emails[0]?.text).toContain('- Book your advising — due tomorrow: Tue, Nov 24, 2026');
    expect(emails[0]?.text).toContain('- Pay the deposit — due in 3 days: Thu, Nov 26, 2026');
    expect(emails[0]?.text).not.toContain('Later task');
    expect(emails[0]?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('issue 48: the daily digest reads only its readers’ records, never the whole window again', async () => {
    const f = await reminderApp(EARLY);
    app = f.app;
    await clearSampleTasks(f);
    await f.addTask(new Date('2026-11-26T23:59:00.000Z'), 'Pay the deposit');
    const deadlines = f.app.repositories.deadlineTasks;
    const pages = vi.spyOn(deadlines, 'openPage');
    const some = vi.spyOn(deadlines, 'open');
    const plan = () => planDailyDigests(f.app.repositories, f.app.notify.jobs, EARLY, RULES);
    // Nobody chose it: nothing is read.
    expect(await plan()).toBe(0);
    expect(pages).not.toHaveBeenCalled();
    expect(some).not.toHaveBeenCalled();
    await setDailyDigest(f, true);
    expect(await plan()).toBe(1);
    expect(pages).not.toHaveBeenCalled();
    expect(some.mock.calls.map(([w]) => w.userIds)).toEqual([[f.student.id]]);
    expect(await jobs(f, 'digest:daily:')).toHaveLength(1);
  });

  it('a reminder planned before the student chose the daily digest is dropped when it comes due: the digest has it', async () => {
    const f = await reminderApp(at(DIGEST_AT, -days(1)));
    app = f.app;
    const { userTaskId } = await f.addTask(new Date('2026-11-24T23:59:00.000Z'), 'Book advising');
    await f.app.notify.plan();
    await setDailyDigest(f, true);
    f.setNow(new Date('2026-11-24T00:00:00.000Z'));
    await f.app.notify.tick();
    expect(await f.jobsOf(userTaskId)).toMatchObject([
      { offset: 3, state: 'dropped', reason: 'in the daily digest' },
      { offset: 1, state: 'dropped', reason: 'in the daily digest' },
    ]);
  });

  it('a student who turns the daily digest off before it goes: it is dropped, and their reminders come one by one again', async () => {
    const f = await reminderApp(EARLY);
    app = f.app;
    await clearSampleTasks(f);
    await setDailyDigest(f, true);
    const { userTaskId } = await f.addTask(new Date('2026-11-24T23:59:00.000Z'), 'Book advising');
    await f.app.notify.plan();
    await setDailyDigest(f, false);
    f.setNow(DIGEST_AT);
    await f.app.notify.tick();
    expect(await jobs(f, 'digest:daily:')).toMatchObject([
      { state: 'dropped', reason: 'daily digest off' },
    ]);
    await f.app.notify.plan();
    // The 3-day reminder had passed: the latest passed one goes at once, the 1-day one at its time.
    expect((await f.jobsOf(userTaskId)).map((j) => j.offset)).toEqual([3, 1]);
  });

  it('a student who did not choose it gets no daily digest', async () => {
    const f = await reminderApp(EARLY);
    app = f.app;
    await f.addTask(new Date('2026-11-24T23:59:00.000Z'));
    await f.app.notify.plan();
    expect(await jobs(f, 'digest:daily:')).toEqual([]);
  });
});
