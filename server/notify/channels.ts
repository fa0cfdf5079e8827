import type { Repositories } from '../db/repositories.js';
import { choosesType } from './planner.js';
import { TOPICS } from './topics.js';

/** Whom a channel reaches: a person, and for web push one of their devices. */
export interface MessageTarget {
  userId: number;
  /** The device (`push_subscriptions.id`) of a push target; absent for email and text. */
  subscriptionId?: number;
}

/** A channel a portal message's "also notify" goes out by. */
export interface MessageChannel {
  /** Of `userIds`, the people (or their devices) this channel reaches now. */
  reaches(repos: Repositories, userIds: readonly number[]): Promise<MessageTarget[]>;
}

const CHUNK = 500;

async function inChunks<T>(
  userIds: readonly number[],
  read: (ids: number[]) => Promise<T[]>,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < userIds.length; i += CHUNK)
    out.push(...(await read(userIds.slice(i, i + CHUNK))));
  return out;
}

/**
 * Of `userIds`, the people who hear the `messages` topic: everyone but those whose Next Steps
 * notifications leave out "Messages from the university" (the one-click unsubscribe takes it out).
 * A person Next Steps has not met yet hears them (the type is among its defaults); without the type
 * (staff removed it) nobody can have stopped them, so everyone hears them.
 */
export async function hearMessages(
  repos: Repositories,
  userIds: readonly number[],
): Promise<Set<number>> {
  const typeId = await repos.deadlineTasks.notificationTypeId(TOPICS.messages.notificationType);
  if (typeId === undefined) return new Set(userIds);
  const rows = await inChunks(userIds, (ids) => repos.nextStepsProfile.notificationsOf(ids));
  const stopped = new Set(
    rows.filter((r) => !choosesType(r.notifications, typeId)).map((r) => r.userId),
  );
  return new Set(userIds.filter((id) => !stopped.has(id)));
}

/** Email reaches a person with an address who allows email (portal.md §3; no preferences yet: on). */
const email: MessageChannel = {
  async reaches(repos, userIds) {
    const rows = await inChunks(userIds, (ids) => repos.users.emailContacts(ids));
    return rows.filter((r) => r.email && r.allowed !== 0).map((r) => ({ userId: r.id }));
  },
};

/**
 * A text message reaches a person who allows texts and gave a number (portal.md §3
 * `contact_by_text`, `sms_number`; no preferences yet: off).
 */
const sms: MessageChannel = {
  async reaches(repos, userIds) {
    const rows = await inChunks(userIds, (ids) => repos.preferences.textContacts(ids));
    return rows
      .filter((r) => r.allowed === 1 && Boolean(r.number?.trim()))
      .map((r) => ({ userId: r.userId }));
  },
};

/** Web push reaches each device a person turned notifications on for (Account, per device). */
const push: MessageChannel = {
  async reaches(repos, userIds) {
    const rows = await inChunks(userIds, (ids) => repos.pushSubscriptions.ofUsers(ids));
    return rows.map((r) => ({ userId: r.userId, subscriptionId: r.id }));
  },
};

/**
 * The channels of "also notify", the one place a channel is added, each with its sender in the
 * notify plugin's `message` senders by channel: email, text messages (`sms`) and web push (`push`,
 * one job per device). Quiet hours hold the text and push jobs (quiet-hours.ts), as for reminders.
 */
export const MESSAGE_CHANNELS = { email, sms, push } satisfies Record<string, MessageChannel>;
