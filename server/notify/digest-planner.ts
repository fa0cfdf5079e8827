import { z } from 'zod';
import { MAX_REMINDER_DAYS } from '../../contract/admin/tasks.schema.js';
import type { NewJob, NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { Repositories } from '../db/repositories.js';
import { addDays, campusDate, campusInstant } from '../time.js';
import { dailyDigestReaders, isoWeek, isoWeekday } from './digest.js';
import { forEachOpenPage, yieldToLoop } from './open-deadlines.js';
import type { OpenDeadline } from './open-deadlines.js';
import { offsetsOf, reminderTime } from './planner.js';
import type { ReminderRules } from './planner.js';
import { TOPICS, choosesType } from './topics.js';

/** What the campus configures about digests, besides the reminder rules. */
export interface DigestRules extends ReminderRules {
  /** The weekly digest of overdue tasks: ISO weekday (1 Monday) and hour, campus time. */
  weekly: { weekday: number; hour: number };
}

export const digestPayloadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('weekly'), week: z.string() }),
  z.object({ kind: z.literal('daily'), day: z.string() }),
]);
export type DigestPayload = z.infer<typeof digestPayloadSchema>;

/** `digest:weekly:<user>:<isoWeek>` and `digest:daily:<user>:<campus day>`: one of each at most. */
export const digestKey = (userId: number, p: DigestPayload) =>
  p.kind === 'weekly' ? `digest:weekly:${userId}:${p.week}` : `digest:daily:${userId}:${p.day}`;

/** A digest's email job for one person (its key makes it one a week, or a day, at most). */
const digestJob = (userId: number, payload: DigestPayload, runAt: Date): NewJob => ({
  idempotencyKey: digestKey(userId, payload),
  channel: 'email',
  kind: 'digest',
  topic: 'deadlines',
  userId,
  payload,
  runAt,
});

/** People whose records one statement reads (well under SQLite's variable limit). */
const PEOPLE_A_STATEMENT = 400;
/** People the weekly digest's round reads a statement. */
const PEOPLE_A_PAGE = 500;
/** A weekly digest not sent within this long of its time (the server was down) waits for next week. */
const WEEKLY_LATE_MS = 12 * 3_600_000;
/** Daily digests are written this far ahead at most (the planner's horizon). */
const HORIZON_MS = 2 * 86_400_000;

const hourOf = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** One open task with a deadline of a person who wants deadline email (the digests' rows). */
export interface DeadlineRow {
  userId: number;
  taskId: number;
  title: string;
  deadline: Date;
  /** The day of a date-only deadline (db/date-only-end.ts), null for a timed one. */
  day: string | null;
  offsets: string;
}

/**
 * Every person's published, not done, not dismissed tasks with a deadline that passed (`overdue`) or
 * is ahead within the reminder look-ahead, for people who allow email and chose deadline alerts;
 * `userId` narrows it to one person (the sender's second look).
 */
export async function deadlineRows(
  repos: Repositories,
  now: Date,
  which: 'overdue' | 'ahead',
  /** One person (the sender's second look), or some people, read a few hundred at a time. */
  who?: number | readonly number[],
): Promise<DeadlineRow[]> {
  const typeId = await repos.deadlineTasks.notificationTypeId(TOPICS.deadlines.notificationType);
  if (typeId === undefined) return [];
  const window = {
    at: now,
    ...(which === 'overdue'
      ? { upTo: now }
      : { after: now, upTo: new Date(now.getTime() + (MAX_REMINDER_DAYS + 3) * 86_400_000) }),
  };
  // One person's rows in one statement, some people's a few hundred at a time, everyone's a page
  // at a time (open-deadlines.ts); a turn of the event loop between statements.
  const rows: OpenDeadline[] = [];
  if (who === undefined) {
    await forEachOpenPage(repos, window, (page) => {
      rows.push(...page);
    });
  } else if (typeof who === 'number') {
    rows.push(...(await repos.deadlineTasks.open({ ...window, userId: who })));
  } else {
    for (let i = 0; i < who.length; i += PEOPLE_A_STATEMENT) {
      const userIds = who.slice(i, i + PEOPLE_A_STATEMENT);
      rows.push(...(await repos.deadlineTasks.open({ ...window, userIds })));
      await yieldToLoop();
    }
  }
  return deadlinesOf(rows, typeId);
}

/** Whether a person allows email (no choice: yes) and chose the deadline alerts (`typeId`). */
const wantsDeadlineEmail = (
  person: { email: number | null; notifications: string },
  typeId: number,
) => person.email !== 0 && choosesType(person.notifications, typeId);

/** Of open records, those of people who allow email and chose deadline alerts, as digest rows. */
function deadlinesOf(rows: readonly OpenDeadline[], typeId: number): DeadlineRow[] {
  return rows.flatMap((row) => {
    const deadline = new Date(row.endsOn ?? '');
    if (Number.isNaN(deadline.getTime()) || !wantsDeadlineEmail(row, typeId)) return [];
    return [
      {
        userId: row.userId,
        taskId: row.taskId,
        title: row.title,
        deadline,
        day: row.endsOnDay,
        offsets: row.offsets,
      },
    ];
  });
}

/**
 * The tasks a daily digest of campus day `day` gathers: those with a reminder (their own days before,
 * or the campus default) falling on that day, whose deadline is still ahead of `from`.
 */
export function dueOnDay(
  rows: readonly DeadlineRow[],
  day: string,
  from: Date,
  rules: ReminderRules,
): DeadlineRow[] {
  return rows.filter(
    (row) =>
      row.deadline > from &&
      offsetsOf(row.offsets, rules.offsets).some(
        (offset) =>
          campusDate(
            reminderTime(row.deadline, offset, rules.zone, rules.morningHour, row.day !== null),
            rules.zone,
          ) === day,
      ),
  );
}

/** When this campus week's weekly digest goes out. */
export function weeklyDigestTime(now: Date, rules: DigestRules): { week: string; at: Date } {
  const today = campusDate(now, rules.zone);
  const day = addDays(today, rules.weekly.weekday - isoWeekday(today));
  return { week: isoWeek(day), at: campusInstant(day, hourOf(rules.weekly.hour), rules.zone) };
}

const groupByUser = (rows: readonly DeadlineRow[]) => {
  const users = new Map<number, DeadlineRow[]>();
  for (const row of rows) {
    const known = users.get(row.userId);
    if (known) known.push(row);
    else users.set(row.userId, [row]);
  }
  return users;
};

/**
 * The weekly digest: at the campus weekday and hour (up to 12 hours late when the server was down
 * then), one job for each person with overdue tasks who chose deadline alerts and allows email.
 */
export async function planWeeklyDigests(
  repos: Repositories,
  jobs: NotifyJobsRepository,
  now: Date,
  rules: DigestRules,
  /** Weeks this process has planned whole: their window's later rounds read nothing again. */
  plannedWeeks: Set<string> = new Set(),
): Promise<number> {
  const slot = weeklyDigestTime(now, rules);
  if (now < slot.at || now.getTime() >= slot.at.getTime() + WEEKLY_LATE_MS) return 0;
  if (plannedWeeks.has(slot.week)) return 0;
  const typeId = await repos.deadlineTasks.notificationTypeId(TOPICS.deadlines.notificationType);
  if (typeId === undefined) return 0;
  const payload: DigestPayload = { kind: 'weekly', week: slot.week };
  // A page of people with something overdue at a time, each read once (not their records: a
  // campus's overdue records run to hundreds of thousands), their jobs written together, a turn of
  // the event loop between pages.
  let added = 0;
  for (let afterUserId = 0; ;) {
    const people = await repos.deadlineTasks.peopleWithOpen(
      { at: now, upTo: now },
      { afterUserId, limit: PEOPLE_A_PAGE },
    );
    const wanting = people.filter((p) => wantsDeadlineEmail(p, typeId));
    added += await jobs.enqueueMany(
      wanting.map((p) => digestJob(p.userId, payload, now)),
      now,
    );
    await yieldToLoop();
    if (people.length < PEOPLE_A_PAGE) break;
    afterUserId = people[people.length - 1]!.userId;
  }
  plannedWeeks.add(slot.week);
  return added;
}

/**
 * The daily digest, for people who chose it: on each campus day with reminders for them, one email
 * at the campus morning hour gathering that day's reminders (in place of one email each). Only
 * their records are read (issue 48: the reminder planner reads the whole window already; reading
 * it again here for everyone doubled a campus's pass).
 */
export async function planDailyDigests(
  repos: Repositories,
  jobs: NotifyJobsRepository,
  now: Date,
  rules: ReminderRules,
): Promise<number> {
  const readers = await dailyDigestReaders(repos);
  if (readers.length === 0) return 0;
  const users = groupByUser(await deadlineRows(repos, now, 'ahead', readers));
  const today = campusDate(now, rules.zone);
  let added = 0;
  for (const [userId, rows] of users) {
    for (const day of [today, addDays(today, 1), addDays(today, 2)]) {
      const at = campusInstant(day, hourOf(rules.morningHour), rules.zone);
      if (at.getTime() > now.getTime() + HORIZON_MS) continue;
      const runAt = at > now ? at : now;
      if (dueOnDay(rows, day, runAt, rules).length === 0) continue;
      const payload: DigestPayload = { kind: 'daily', day };
      if (await jobs.enqueue(digestJob(userId, payload, runAt), now)) added += 1;
    }
  }
  return added;
}
