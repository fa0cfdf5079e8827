import { z } from 'zod';
import { channelSchema } from '../../contract/channel.schema.js';
import type { Channel } from '../../contract/channel.schema.js';
import { roleSchema } from '../../contract/roles.schema.js';
import type { Role } from '../../contract/roles.schema.js';
import type { NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { Repositories } from '../db/repositories.js';
import { recipientOf } from '../messages/recipient.js';
import { keyPart, payloadFor } from './channels/target.js';
import type { Target } from './channels/target.js';
import { eachChannel } from './channels/index.js';
import { messageKey } from './message-sender.js';
import { hearMessages } from './topics.js';

/** Who a message goes to, as the admin wrote it. */
export type MessageAudience =
  | { audience: 'person'; username: string }
  | { audience: 'role'; role: Role }
  | { audience: 'everyone' };

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

/** Jobs written in one go: the worker starts on the first chunk while the next is written. */
const QUEUE_CHUNK = 2_000;

/**
 * "Also notify": a job for each recipient on each channel that reaches them (each device for push),
 * at once, recording the message (`message_id`) so the reach page counts its jobs per channel; none
 * for a person who stopped the `messages` topic (or the one given). The worker holds the text and push jobs until a
 * recipient's quiet hours end. Resolves to the jobs added.
 */
export async function planMessage(
  repos: Repositories,
  jobs: NotifyJobsRepository,
  messageId: number,
  audience: MessageAudience,
  now: Date,
  /** `records`: a change to the student's own record (issue 74), heard and stopped on its own. */
  topic: 'messages' | 'records' = 'messages',
  /** The channels to plan on; all of them by default. */
  channels: readonly Channel[] = channelSchema.options,
  /** Called as each chunk is queued, so the worker sends the first while the rest are written. */
  onQueued: () => void = () => {},
): Promise<number> {
  const recipients = [
    ...(await hearMessages(repos, await messageRecipients(repos, audience), topic)),
  ];
  const planned: Array<{ channel: Channel; target: Target }> = [];
  for (const [channel, way] of eachChannel()) {
    if (!channels.includes(channel)) continue;
    for (const target of await way.reaches(repos, recipients)) planned.push({ channel, target });
  }
  // One person's jobs side by side, not channel after channel: a claim passes over the jobs of a
  // destination at its cap (notify-jobs.repository.ts), and with 30,000 emails queued ahead of the
  // first push every claim stepped over all of them while the relay was busy.
  planned.sort((a, b) => a.target.userId - b.target.userId);
  let added = 0;
  for (let i = 0; i < planned.length; i += QUEUE_CHUNK) {
    added += await jobs.enqueueMany(
      planned.slice(i, i + QUEUE_CHUNK).map(({ channel, target }) => ({
        idempotencyKey: messageKey(messageId, target.userId, keyPart(channel, target)),
        channel,
        kind: 'message',
        topic,
        userId: target.userId,
        payload: payloadFor({ messageId }, 'message', target),
        runAt: now,
        messageId,
      })),
      now,
    );
    onQueued();
  }
  return added;
}
