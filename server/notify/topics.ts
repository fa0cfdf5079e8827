import { z } from 'zod';
import type { NotifyTopic } from '../../contract/notify.schema.js';
import type { Repositories } from '../db/repositories.js';

/**
 * What a person can hear about and unsubscribe from. Each topic is one of Next Steps' notification
 * types (next-steps.md §3): a person hears about a topic while its type is among their chosen
 * notifications, and unsubscribing removes it from them, so the preferences page shows the change.
 */
export const TOPICS: Record<
  NotifyTopic,
  { notificationType: string; label: string; /** What stopping it stops. */ by: string }
> = {
  /** Reminders before a Next Steps task's deadline. */
  deadlines: {
    notificationType: 'Deadline alerts',
    label: 'Next Steps deadline reminders',
    by: 'by email',
  },
  /**
   * The copies of a portal message that "also notify" sends by email, text and push. Stopping them
   * never hides a message from the portal's Messages page, and emergency alerts are no topic at all.
   */
  messages: {
    notificationType: 'Messages from the university',
    label: 'Messages from the university',
    by: 'by email, text or push (they stay on your Messages page)',
  },
  /**
   * Reminders before a coursework item of the student's own LMS calendar feed is due (issue 45). Off
   * until the student chooses it: nobody has the type chosen at first (migration 029, sample data).
   */
  coursework: {
    notificationType: 'Coursework due dates',
    label: 'Coursework due date reminders',
    by: 'by email, text or push',
  },
  /**
   * The email, text and push copies of an urgent change to the student's own record (issue 74: a
   * hold added, a class dropped or cancelled). Chosen by default (migration 044, `defaultsFor`);
   * stopping it never hides the change's message from the bell and the Messages page.
   */
  records: {
    notificationType: 'Changes to your record',
    label: 'Changes to your record',
    by: 'by email, text or push (they stay on your Messages page)',
  },
  /**
   * Reminders of an appointment a booking system posted (issue 92), the evening before and an hour
   * before. Chosen by default (migration 056, `defaultsFor`): the student did not ask the office
   * to post it, and a missed appointment costs both sides.
   */
  appointments: {
    notificationType: 'Appointment reminders',
    label: 'Appointment reminders',
    by: 'by email, text or push',
  },
};

export type Topic = NotifyTopic;

export const isTopic = (value: string): value is Topic => Object.hasOwn(TOPICS, value);

const idsSchema = z.array(z.number().int());

/** Whether a person's Next Steps notifications (JSON id list text) include a type. */
export function choosesType(notifications: string, typeId: number): boolean {
  const parsed = idsSchema.safeParse(JSON.parse(notifications));
  return parsed.success && parsed.data.includes(typeId);
}

/** People a statement reads at most (well under SQLite's variable limit). */
const CHUNK = 500;

/** `read` over `userIds`, 500 people a statement. */
export async function inChunks<T>(
  userIds: readonly number[],
  read: (ids: number[]) => Promise<T[]>,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < userIds.length; i += CHUNK)
    out.push(...(await read(userIds.slice(i, i + CHUNK))));
  return out;
}

/** The topic a message's job is under: `records` for a change to the student's record, else `messages`. */
export const messageTopicOf = (topic: string): 'messages' | 'records' =>
  topic === 'records' ? 'records' : 'messages';

/**
 * Of `userIds`, the people who hear the `messages` topic (or `records`): everyone but those whose Next Steps
 * notifications leave out "Messages from the university" ("Changes to your record") (the one-click unsubscribe takes it out).
 * A person Next Steps has not met yet hears them (the type is among its defaults); without the type
 * (staff removed it) nobody can have stopped them, so everyone hears them.
 */
export async function hearMessages(
  repos: Repositories,
  userIds: readonly number[],
  topic: 'messages' | 'records' = 'messages',
): Promise<Set<number>> {
  const typeId = await repos.deadlineTasks.notificationTypeId(TOPICS[topic].notificationType);
  if (typeId === undefined) return new Set(userIds);
  const rows = await inChunks(userIds, (ids) => repos.nextStepsProfile.notificationsOf(ids));
  const stopped = new Set(
    rows.filter((r) => !choosesType(r.notifications, typeId)).map((r) => r.userId),
  );
  return new Set(userIds.filter((id) => !stopped.has(id)));
}
