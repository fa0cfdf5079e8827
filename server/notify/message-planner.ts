import { z } from 'zod';
import { roleSchema } from '../../contract/roles.schema.js';
import type { Role } from '../../contract/roles.schema.js';
import type { NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { Repositories } from '../db/repositories.js';
import { recipientOf } from '../messages/recipient.js';
import { MESSAGE_CHANNELS, hearMessages } from './channels.js';

/** Who a message goes to, as the admin wrote it. */
export type MessageAudience =
  | { audience: 'person'; username: string }
  | { audience: 'role'; role: Role }
  | { audience: 'everyone' };

/** A message's job: the message, and for web push the device (`kind: 'message'` for the push sender). */
export const messagePayloadSchema = z.object({
  messageId: z.number().int(),
  subscriptionId: z.number().int().optional(),
});

/**
 * `message:<id>:<user>:<channel>`, and `message:<id>:<user>:push:<device>` for web push: one job per
 * recipient per message per channel, per device for push.
 */
export const messageKey = (
  messageId: number,
  userId: number,
  channel: string,
  subscriptionId?: number,
) =>
  `message:${messageId}:${userId}:${channel}${subscriptionId === undefined ? '' : `:${subscriptionId}`}`;

const otherRoles = z.array(roleSchema).catch([]);

/** The people a message reaches: by username, by the roles they hold (recipient.ts) or everyone. */
export async function messageRecipients(
  repos: Repositories,
  audience: MessageAudience,
): Promise<number[]> {
  const rows = await repos.users.withRoles(
    audience.audience === 'person' ? audience.username : undefined,
  );
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
 * "Also notify": a job for each recipient on each channel that reaches them (each device for push),
 * at once, recording the message (`message_id`) so the reach page counts its jobs per channel; none
 * for a person who stopped the `messages` topic. The worker holds the text and push jobs until a
 * recipient's quiet hours end. Resolves to the jobs added.
 */
export async function planMessage(
  repos: Repositories,
  jobs: NotifyJobsRepository,
  messageId: number,
  audience: MessageAudience,
  now: Date,
): Promise<number> {
  const recipients = [...(await hearMessages(repos, await messageRecipients(repos, audience)))];
  const planned: { channel: string; userId: number; subscriptionId?: number | undefined }[] = [];
  for (const [channel, reach] of Object.entries(MESSAGE_CHANNELS)) {
    for (const r of await reach.reaches(repos, recipients)) planned.push({ channel, ...r });
  }
  // One person's jobs side by side, not channel after channel: a claim passes over the jobs of a
  // destination at its cap (notify-jobs.repository.ts), and with 30,000 emails queued ahead of the
  // first push every claim stepped over all of them while the relay was busy.
  planned.sort((a, b) => a.userId - b.userId);
  let added = 0;
  for (const { channel, userId, subscriptionId } of planned) {
    const fresh = await jobs.enqueue(
      {
        idempotencyKey: messageKey(messageId, userId, channel, subscriptionId),
        channel,
        topic: 'messages',
        userId,
        payload:
          subscriptionId === undefined
            ? { messageId }
            : { kind: 'message', messageId, subscriptionId },
        runAt: now,
        messageId,
      },
      now,
    );
    if (fresh) added += 1;
  }
  return added;
}
