import type { Agent } from 'node:https';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import { z } from 'zod';
import type { PushMessage } from '../../contract/push.schema.js';
import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import type { PushSubscriptionsRepository } from '../db/repositories/push-subscriptions.repository.js';
import type { DatabaseSchema } from '../db/schema.js';
import { eventTimeString } from '../time.js';
import { choosesType, notificationTypeId, reminderPayloadSchema } from './planner.js';
import { reminderNoLongerDue, reminderTaskQuery } from './reminder-check.js';
import { liveMessage, messagePath } from './message-sender.js';
import { dueIn } from './reminder-sender.js';
import type { PushReminderPayload } from './push-plan.js';
import { TOPICS } from './topics.js';
import type { Outcome } from './worker.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A deadline reminder for one device (push-plan.ts writes it). */
const pushReminderPayloadSchema = reminderPayloadSchema.extend({
  kind: z.literal('reminder'),
  subscriptionId: z.number().int(),
});

/** An emergency alert for one device, with what the notification says (the feed may drop it later). */
export const pushAlertPayloadSchema = z.object({
  kind: z.literal('alert'),
  alertId: z.string(),
  subscriptionId: z.number().int(),
  title: z.string(),
  body: z.string(),
});
export type PushAlertPayload = z.infer<typeof pushAlertPayloadSchema>;

/** A portal message's "also notify" for one device (message-planner.ts writes it). */
const pushMessagePayloadSchema = z.object({
  kind: z.literal('message'),
  messageId: z.number().int(),
  subscriptionId: z.number().int(),
});

const pushPayloadSchema = z.discriminatedUnion('kind', [
  pushReminderPayloadSchema,
  pushAlertPayloadSchema,
  pushMessagePayloadSchema,
]);

/** `alert:<alert id>:push:<device>`: an alert reaches each device once, whichever process sends it. */
export const pushAlertKey = (alertId: string, subscriptionId: number) =>
  `alert:${alertId}:push:${subscriptionId}`;

export interface PushSenderOptions {
  db: Kysely<DatabaseSchema>;
  subscriptions: PushSubscriptionsRepository;
  vapid: VapidKeys;
  /** `mailto:` or `https:` contact the push services are given (RFC 8292). */
  subject: string;
  clock: () => Date;
  timeZone: string;
  productName: string;
  /** The campus default reminder days, for a task that gives none. */
  defaultOffsets: readonly number[];
  /** How long a push service may take to answer. */
  timeoutMs?: number;
  /** The TLS agent for the push services (tests trust their local push endpoint with it). */
  agent?: Agent;
}

/** How long a push service keeps a message for a device that is offline. */
const ALERT_TTL_S = 3_600;
const REMINDER_TTL_S = 86_400;

/** A push service's answer that the subscription is gone for good (RFC 8030 §7.3: 404, 410). */
const isGone = (err: unknown) =>
  err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410);

/**
 * Sends one push job to its device (RFC 8030 with VAPID, RFC 8292, and the payload encrypted with
 * the device's keys, RFC 8291 aes128gcm): a deadline reminder, an emergency alert or a portal
 * message. A reminder or a message is checked again first, as an email one is. A device the push service no longer knows (404, 410) is forgotten and the job dropped;
 * another failure counts against the device and throws, so the worker retries with backoff.
 */
export function pushSender(o: PushSenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const parsed = pushPayloadSchema.safeParse(JSON.parse(job.payload));
    if (!parsed.success) return { state: 'dropped', reason: 'unreadable payload' };
    const p = parsed.data;
    const device = await o.subscriptions.find(p.subscriptionId);
    if (!device || device.user_id !== job.user_id) {
      return { state: 'dropped', reason: 'push turned off on the device' };
    }
    const message =
      p.kind === 'alert'
        ? alertMessage(p)
        : p.kind === 'message'
          ? await portalMessage(o, job)
          : await reminderMessage(o, job, p);
    if ('state' in message) return message;
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: o.subject, ...o.vapid },
          TTL: p.kind === 'alert' ? ALERT_TTL_S : REMINDER_TTL_S,
          urgency: p.kind === 'alert' ? 'high' : 'normal',
          contentEncoding: 'aes128gcm',
          timeout: o.timeoutMs ?? 10_000,
          ...(o.agent ? { agent: o.agent } : {}),
        },
      );
    } catch (err) {
      if (isGone(err)) {
        await o.subscriptions.remove(device.id);
        return { state: 'dropped', reason: 'the push service no longer knows the device' };
      }
      await o.subscriptions.failed(device.id);
      throw err instanceof webpush.WebPushError
        ? new Error(`push service answered ${err.statusCode}: ${err.body.slice(0, 200)}`)
        : err;
    }
    await o.subscriptions.succeeded(device.id, o.clock());
    return { state: 'sent' };
  };
}

/** An emergency alert's notification: it opens the Messages page, where alerts are listed. */
function alertMessage(p: PushAlertPayload): PushMessage {
  return {
    title: p.title.slice(0, 200) || 'Emergency alert',
    body: p.body.slice(0, 1000),
    url: '/messages',
    tag: `alert-${p.alertId}`,
  };
}

/**
 * A portal message's notification (its "also notify"), or why it is no longer called for: it opens
 * the message's own page of the portal, else the Messages page.
 */
async function portalMessage(o: PushSenderOptions, job: NotifyJob): Promise<PushMessage | Outcome> {
  const message = await liveMessage(o.db, job, o.clock());
  if ('state' in message) return message;
  const body = message.body.replace(/\s+/g, ' ').trim();
  return {
    title: message.title.slice(0, 200) || o.productName,
    body: body.length > 240 ? `${body.slice(0, 239).trimEnd()}…` : body,
    url: messagePath(message),
    tag: `message-${message.id}`,
  };
}

/** A deadline reminder's notification, or why it is no longer called for. */
async function reminderMessage(
  o: PushSenderOptions,
  job: NotifyJob,
  p: PushReminderPayload,
): Promise<PushMessage | Outcome> {
  const row = await reminderTaskQuery(o.db, p.userTaskId, job.user_id).executeTakeFirst();
  const now = o.clock();
  const stale = reminderNoLongerDue(row, p, now, o.defaultOffsets);
  if (stale || !row) return stale ?? { state: 'dropped', reason: 'task not assigned' };
  const deadline = new Date(p.deadline);
  const typeId = await notificationTypeId(o.db, TOPICS.deadlines.notificationType);
  if (typeId === undefined || !row.notifications || !choosesType(row.notifications, typeId)) {
    return { state: 'dropped', reason: 'topic not chosen' };
  }
  return {
    title: `Due ${dueIn(deadline, now, o.timeZone)}: ${row.title}`.slice(0, 200),
    body: `${row.title} is due ${eventTimeString(deadline, null, o.timeZone)}.`,
    url: `/next-steps/task/${p.taskId}`,
    tag: `reminder-${p.userTaskId}`,
  };
}
