import { createHash } from 'node:crypto';
import type {
  InboundItem,
  InboundItemAnswer,
  InboundScope,
} from '../../contract/inbound.schema.js';
import type { NewJob } from '../db/repositories/notify-jobs.repository.js';
import { dateOnlyEnd } from '../db/date-only-end.js';
import { keyPart, payloadFor } from '../notify/channels/target.js';
import { eachChannel } from '../notify/channels/index.js';
import { messageKey } from '../notify/message-sender.js';
import { pushAlertKey } from '../notify/push-sender.js';
import { hearMessages } from '../notify/topics.js';
import type { Repositories } from '../db/repositories.js';
import { officeKey } from '../../contract/office.rules.js';
import { refuseInternalLink } from './action-link.js';
import { InboundRefusal, reach } from './audience.js';
import { completeBooked } from './campaigns.js';
import { inChunks } from './chunks.js';
import { itemNoticeKey } from './notices.js';
import type { Publisher } from './publisher.js';

export interface PublishContext {
  repos: Repositories;
  now: Date;
  /** The campus time zone: a task's due day ends at midnight there. */
  zone: string;
  /** The call's `Idempotency-Key`, kept on the item it writes. */
  idempotencyKey?: string | undefined;
  /** The call runs in place of one under the same key that died (inbound/idempotency.ts). */
  resumed?: boolean;
}

/** The scopes an item needs: its kind's, and `alerts:emergency` for an emergency alert. */
export function scopesFor(item: Pick<InboundItem, 'kind' | 'severity'>): InboundScope[] {
  if (item.kind === 'message') return ['messages:write'];
  if (item.kind === 'task') return ['tasks:write'];
  return item.severity === 'emergency' ? ['alerts:write', 'alerts:emergency'] : ['alerts:write'];
}

export function requireScopes(publisher: Publisher, needed: readonly InboundScope[]): void {
  const missing = needed.filter((s) => !publisher.scopes.includes(s));
  if (missing.length > 0)
    throw new InboundRefusal(
      403,
      `This key's publisher does not hold the scope ${missing.join(', ')}.`,
    );
}

/** An inbound alert's id among the feed's alerts: 16 hex digits of its item. */
export const inboundAlertId = (itemId: number) =>
  createHash('sha256').update(`inbound-alert:${itemId}`).digest('hex').slice(0, 16);

/**
 * Publishes (or, for the same `source_id`, replaces for everyone) an item: a message in the bell and
 * Messages, a Next Steps task for exactly its recipients, or an alert beside the feed's; then queues
 * its notices on the channels it asks for, as each person's preferences allow (the notify worker
 * holds texts and pushes through quiet hours).
 */
export async function publish(
  ctx: PublishContext,
  publisher: Publisher,
  item: InboundItem,
): Promise<InboundItemAnswer> {
  requireScopes(publisher, scopesFor(item));
  refuseInternalLink(item.action_link);
  const { repos, now } = ctx;
  const categoryId = item.kind === 'task' ? await categoryOf(repos, item.category) : undefined;
  const { userIds, warnings } = await reach(repos, publisher, item.audience);
  const before = await repos.inboundItems.find(publisher.id, item.source_id);
  if (before && before.kind !== item.kind)
    throw new InboundRefusal(
      409,
      `source_id ${item.source_id} is a ${before.kind}: retract it before posting a ${item.kind}.`,
    );
  // A resumed call finding the item written under its own key: its first attempt wrote it before
  // dying, so it replaced something only if the item is older than that write.
  const ours = ctx.resumed === true && before?.idempotency_key === ctx.idempotencyKey;
  const replaced =
    ours && before !== undefined
      ? before.created_at !== before.updated_at
      : before !== undefined && before.retracted_at === null;
  const itemId = await repos.inboundItems.save(
    publisher.id,
    item.source_id,
    {
      kind: item.kind,
      title: item.title,
      body: item.body,
      actionLink: item.action_link ?? null,
      translations: JSON.stringify(item.translations ?? {}),
      channels: JSON.stringify(item.channels),
      audience: JSON.stringify(item.audience),
      publishAt: item.publish_at ? new Date(item.publish_at).toISOString() : null,
      expiresOn: item.expires_on ? new Date(item.expires_on).toISOString() : null,
      dueOn: item.due_on ?? null,
      category: item.category ?? null,
      severity: item.kind === 'alert' ? (item.severity ?? 'advisory') : null,
      recipients: userIds.length,
      campaignOffice: officeKey(item.completed_by?.appointment_with_office),
      idempotencyKey: ctx.idempotencyKey,
    },
    now,
  );
  await setRecipients(repos, itemId, userIds);
  // Held until publish_at: students see it from then (each kind's list asks), and its notices are
  // queued for then; a replacement moves the notices not sent yet to the new time.
  const publishAt = item.publish_at ? new Date(item.publish_at) : null;
  const runAt = publishAt && publishAt > now ? publishAt : now;
  const planned = { ...ctx, now: runAt, queuedAt: now };
  let messageId: number | undefined;
  if (item.kind === 'task' && categoryId !== undefined) {
    const taskId = await repos.inboundDelivery.saveTask({
      itemId,
      title: item.title,
      description: item.body,
      categoryId,
      startsOn: null,
      ...endsOf(dateOnlyEnd(item.due_on ?? null, ctx.zone)),
      publishesOn: publishAt ? publishAt.toISOString() : null,
    });
    await inChunks(userIds, (ids) => repos.inboundDelivery.addTaskRecords(taskId, ids));
    if (item.completed_by) await completeBooked(repos, itemId, userIds, now);
  } else if (item.kind === 'message') {
    messageId = await repos.inboundDelivery.saveMessage({
      itemId,
      title: item.title,
      body: item.body,
      actionLink: item.action_link ?? null,
      createdOn: (publishAt ?? now).toISOString(),
      expiresOn: item.expires_on ? new Date(item.expires_on).toISOString() : null,
    });
  }
  if (before !== undefined) await repos.inboundDelivery.holdNotices(itemId, messageId, runAt);
  if (item.kind === 'alert' && item.severity === 'emergency' && item.channels.includes('push')) {
    // An emergency alert is pushed in the emergency lane, whatever the hour, as the feed's are.
    await pushAlert(planned, itemId, item, userIds);
    await announce(
      planned,
      { itemId },
      userIds,
      item.channels.filter((c) => c !== 'push'),
    );
  } else {
    await announce(
      planned,
      messageId === undefined ? { itemId } : { messageId },
      userIds,
      item.channels,
    );
  }
  return {
    id: itemId,
    source_id: item.source_id,
    kind: item.kind,
    recipients: userIds.length,
    replaced,
    warnings,
  };
}

/** The item reaches exactly `userIds` from now on; completions of the people kept stay. */
async function setRecipients(repos: Repositories, itemId: number, userIds: readonly number[]) {
  const keep = new Set(userIds);
  const before = await repos.inboundItems.recipientIds(itemId);
  const had = new Set(before);
  await inChunks(
    before.filter((id) => !keep.has(id)),
    (ids) => repos.inboundItems.removeRecipients(itemId, ids),
  );
  await inChunks(
    userIds.filter((id) => !had.has(id)),
    (ids) => repos.inboundItems.addRecipients(itemId, ids),
  );
}

const endsOf = (end: { ends_on: string | null; ends_on_day: string | null }) => ({
  endsOn: end.ends_on,
  endsOnDay: end.ends_on_day,
});

async function categoryOf(repos: Repositories, category: string | undefined): Promise<number> {
  const id =
    category === undefined
      ? await repos.inboundItems.firstCategoryId()
      : await repos.inboundItems.categoryId(category);
  // The store starts with no category (the samples are the demo's): staff create them on
  // /admin/choices, and the detail says so (docs/operations.md, "The calls").
  if (id === undefined)
    throw new InboundRefusal(
      400,
      category === undefined
        ? 'There is no Next Steps category yet: staff create one on /admin/choices (Categories) first.'
        : `There is no Next Steps category ${category}: staff create it on /admin/choices (Categories), or leave category out for the first one.`,
    );
  return id;
}

interface Planned extends PublishContext {
  /** When the notices go: now, or the item's publish_at. */
  now: Date;
  /** When they were queued. */
  queuedAt: Date;
}

/**
 * The item's notices: one job per person per channel asked (per device for push), at its time, for
 * the people each channel reaches and who hear the `messages` topic (the "also notify" rule of
 * notify/channels/, looked at again when the job is due; the worker holds texts and pushes through
 * quiet hours). A message's jobs are its message's; a task's or an alert's name the item.
 */
async function announce(
  ctx: Planned,
  about: { messageId: number } | { itemId: number },
  userIds: readonly number[],
  channels: readonly string[],
): Promise<number> {
  if (channels.length === 0 || userIds.length === 0) return 0;
  let added = 0;
  await inChunks(userIds, async (chunk) => {
    const hearing = [...(await hearMessages(ctx.repos, chunk))];
    const jobs: NewJob[] = [];
    for (const [channel, way] of eachChannel()) {
      if (!channels.includes(channel)) continue;
      for (const target of await way.reaches(ctx.repos, hearing)) {
        const part = keyPart(channel, target);
        jobs.push({
          idempotencyKey:
            'messageId' in about
              ? messageKey(about.messageId, target.userId, part)
              : itemNoticeKey(about.itemId, target.userId, part),
          channel,
          kind: 'message',
          topic: 'messages',
          userId: target.userId,
          payload: payloadFor(about, 'message', target),
          runAt: ctx.now,
          ...('messageId' in about ? { messageId: about.messageId } : {}),
        });
      }
    }
    // One person's jobs side by side (message-planner.ts says why).
    jobs.sort((x, y) => x.userId - y.userId);
    added += await ctx.repos.notifyJobs.enqueueMany(jobs, ctx.queuedAt);
  });
  return added;
}

/** An alert's push to each of its recipients' devices, in the emergency lane. */
async function pushAlert(
  ctx: Planned,
  itemId: number,
  item: InboundItem,
  userIds: readonly number[],
): Promise<number> {
  const alertId = inboundAlertId(itemId);
  const jobs: NewJob[] = [];
  await inChunks(userIds, async (chunk) => {
    for (const device of await ctx.repos.pushSubscriptions.ofUsers(chunk)) {
      jobs.push({
        idempotencyKey: pushAlertKey(alertId, device.id),
        channel: 'push',
        kind: 'alert',
        topic: 'alerts',
        userId: device.userId,
        payload: {
          kind: 'alert',
          alertId,
          subscriptionId: device.id,
          title: item.title,
          body: item.body,
        },
        runAt: ctx.now,
        urgent: true,
      });
    }
  });
  return ctx.repos.notifyJobs.enqueueMany(jobs, ctx.queuedAt);
}
