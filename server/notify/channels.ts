import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

/** A channel a portal message's "also notify" goes out by. */
export interface MessageChannel {
  /** Of `userIds`, the people this channel reaches now (their consent, their address or device). */
  reaches(db: Kysely<DatabaseSchema>, userIds: readonly number[]): Promise<Set<number>>;
}

/** Email reaches a person with an address who allows email (portal.md §3; no preferences yet: on). */
const email: MessageChannel = {
  async reaches(db, userIds) {
    const reached = new Set<number>();
    for (let i = 0; i < userIds.length; i += 500) {
      const rows = await db
        .selectFrom('users as u')
        .leftJoin('preferences as p', 'p.user_id', 'u.id')
        .select(['u.id', 'u.email', 'p.contact_by_email as allowed'])
        .where('u.id', 'in', userIds.slice(i, i + 500))
        .execute();
      for (const row of rows) if (row.email && row.allowed !== 0) reached.add(row.id);
    }
    return reached;
  },
};

/**
 * The channels of "also notify", the one place a channel is added: text messages (`sms`, with
 * `contact_by_text` and `sms_number`) and web push (`push`, with a subscribed device) join here,
 * each with its sender in the notify plugin's `message` senders by channel.
 */
export const MESSAGE_CHANNELS = { email } satisfies Record<string, MessageChannel>;
export type MessageChannelName = keyof typeof MESSAGE_CHANNELS;
