import type { Kysely } from 'kysely';
import { z } from 'zod';
import { roleSchema } from '../../contract/roles.schema.js';
import type { Role } from '../../contract/roles.schema.js';
import type { NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { DatabaseSchema } from '../db/schema.js';
import { recipientOf } from '../messages/recipient.js';
import { MESSAGE_CHANNELS } from './channels.js';

/** Who a message goes to, as the admin wrote it. */
export type MessageAudience =
  | { audience: 'person'; username: string }
  | { audience: 'role'; role: Role }
  | { audience: 'everyone' };

export const messagePayloadSchema = z.object({ messageId: z.number().int() });

/** `message:<id>:<user>:<channel>`: one job per recipient per message per channel. */
export const messageKey = (messageId: number, userId: number, channel: string) =>
  `message:${messageId}:${userId}:${channel}`;

const otherRoles = z.array(roleSchema).catch([]);

/** The people a message reaches: by username, by the roles they hold (recipient.ts) or everyone. */
export async function messageRecipients(
  db: Kysely<DatabaseSchema>,
  audience: MessageAudience,
): Promise<number[]> {
  let query = db.selectFrom('users').select(['id', 'username', 'primary_role', 'other_roles']);
  if (audience.audience === 'person') query = query.where('username', '=', audience.username);
  const rows = await query.orderBy('id').execute();
  if (audience.audience !== 'role') return rows.map((r) => r.id);
  return rows
    .filter((row) => {
      const primary = roleSchema.safeParse(row.primary_role);
      if (!primary.success) return false;
      const person = {
        id: row.id,
        username: row.username,
        primary_role: primary.data,
        other_roles: otherRoles.parse(JSON.parse(row.other_roles)),
      };
      return recipientOf(person).roles.includes(audience.role);
    })
    .map((r) => r.id);
}

/**
 * "Also notify": a job for each recipient on each channel that reaches them, at once, recording the
 * message (`message_id`) so the reach page counts its jobs per channel. Resolves to the jobs added.
 */
export async function planMessage(
  db: Kysely<DatabaseSchema>,
  jobs: NotifyJobsRepository,
  messageId: number,
  audience: MessageAudience,
  now: Date,
): Promise<number> {
  const recipients = await messageRecipients(db, audience);
  let added = 0;
  for (const [channel, reach] of Object.entries(MESSAGE_CHANNELS)) {
    const reached = await reach.reaches(db, recipients);
    for (const userId of recipients) {
      if (!reached.has(userId)) continue;
      const fresh = await jobs.enqueue(
        {
          idempotencyKey: messageKey(messageId, userId, channel),
          channel,
          topic: 'messages',
          userId,
          payload: { messageId },
          runAt: now,
          messageId,
        },
        now,
      );
      if (fresh) added += 1;
    }
  }
  return added;
}
