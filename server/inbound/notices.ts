import { z } from 'zod';
import { itemText } from '../../contract/translations.rules.js';
import type { Repositories } from '../db/repositories.js';

/**
 * `message:item-<item>:<user>:<channel>` (`:<device>` for push): the notice of a task or an alert
 * (a message's notices are its message's own, message-sender.ts `messageKey`). The `message` kind, so the
 * messages' senders send it, after the same consent and topic checks.
 */
export const itemNoticeKey = (itemId: number, userId: number, channelPart: string) =>
  `message:item-${itemId}:${userId}:${channelPart}`;

/** A task's or alert's notice job: the item, and for web push the device. */
export const itemNoticePayloadSchema = z.object({
  itemId: z.number().int(),
  subscriptionId: z.number().int().optional(),
});

/** What a notice of an item says when it is due, or why it is dropped. */
export type ItemNotice =
  | { id: number; title: string; body: string; lang: 'en' | 'es'; actionLink: string | null }
  | { state: 'dropped'; reason: string };

/**
 * An item's notice to one person, looked at again when its job is due: dropped when the item was
 * retracted or expired, the person is no longer among its recipients, or (a task) it was done in the
 * publisher's system since; in the person's language (itemText). A job due before the item's
 * `publish_at` is not sent either (its time was moved later: holdNotices moves the job).
 */
export async function liveItemNotice(
  repos: Repositories,
  itemId: number,
  userId: number,
  now: Date,
): Promise<ItemNotice> {
  const item = await repos.inboundDelivery.notice(itemId, userId);
  if (!item || item.retracted_at !== null) return { state: 'dropped', reason: 'item retracted' };
  if (item.recipient === null) return { state: 'dropped', reason: 'no longer a recipient' };
  if (item.expires_on !== null && new Date(item.expires_on) <= now)
    return { state: 'dropped', reason: 'item expired' };
  if (item.publish_at !== null && new Date(item.publish_at) > now)
    return { state: 'dropped', reason: 'item not published yet' };
  if (item.kind === 'task' && item.completed_at !== null)
    return { state: 'dropped', reason: 'task done' };
  const text = itemText(item, await repos.preferences.languageOf(userId));
  const link =
    item.action_link ?? (item.task_id === null ? null : `/next-steps/task/${item.task_id}`);
  return { id: item.id, title: text.title, body: text.body, lang: text.lang, actionLink: link };
}
