import webpush from 'web-push';
import { z } from 'zod';
import type { PushMessage } from '../../contract/push.schema.js';
import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import type { PushSubscriptionsRepository } from '../db/repositories/push-subscriptions.repository.js';
import type { PushServiceHosts } from '../config.js';
import type { Repositories } from '../db/repositories.js';
import type { PinnedAgents } from './push-agents.js';
import { SendTimedOut } from './send-timed-out.js';
import { checkPushEndpoint } from './push-endpoint.js';
import type { Resolver } from './push-endpoint.js';
import { reminderPayloadSchema } from './planner.js';
import { reminderNoLongerDue } from './reminder-check.js';
import { liveMessage, messagePath } from './message-sender.js';
import { storedLanguage } from '../i18n/catalogue.js';
import { dueWords, reminderPushText } from './due-words.js';
import type { PushReminderPayload } from './push-plan.js';
import { TOPICS, choosesType } from './topics.js';
import { courseworkPush, pushCourseworkPayloadSchema } from './coursework-sender.js';
import { appointmentPush } from './appointment-sender.js';
import { pushAppointmentPayloadSchema } from './appointment-key.js';
import type { Outcome } from './outcome.js';
import { VapidHeaders } from './vapid-headers.js';
import type { VapidKeys } from './vapid-headers.js';

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
  /** A portal message's, or a publisher's task or alert (`itemId`, issue 60). */
  messageId: z.number().int().optional(),
  itemId: z.number().int().optional(),
  subscriptionId: z.number().int(),
});

const pushPayloadSchema = z.discriminatedUnion('kind', [
  pushReminderPayloadSchema,
  pushAlertPayloadSchema,
  pushMessagePayloadSchema,
  pushCourseworkPayloadSchema,
  pushAppointmentPayloadSchema,
]);

/** `alert:<alert id>:push:<device>`: an alert reaches each device once, whichever process sends it. */
export const pushAlertKey = (alertId: string, subscriptionId: number) =>
  `alert:${alertId}:push:${subscriptionId}`;

export interface PushSenderOptions {
  /** The store's repositories (app.repositories). */
  repos: Repositories;
  subscriptions: PushSubscriptionsRepository;
  vapid: VapidKeys;
  /** `mailto:` or `https:` contact the push services are given (RFC 8292). */
  subject: string;
  clock: () => Date;
  timeZone: string;
  productName: string;
  /** The campus default reminder days, for a task that gives none. */
  defaultOffsets: readonly number[];
  /** How long one push request may take, connection included (`PUSH_TIMEOUT_MS`). */
  timeoutMs: number;
  /** The push services a device's endpoint may name (`PUSH_SERVICE_HOSTS`). */
  hosts: PushServiceHosts;
  /** The agents that connect only to the address checked. */
  agents: PinnedAgents;
  /** Resolves push services' names (the system's resolver unless a test gives one). */
  resolve?: Resolver;
  /** The real time in ms for the VAPID token's expiry (`Date.now` unless a test gives one). */
  now?: () => number;
}

/** How long a push service keeps a message for a device that is offline. */
const ALERT_TTL_S = 3_600;
const REMINDER_TTL_S = 86_400;

/** A push service's answer that the subscription is gone for good (RFC 8030 §7.3: 404, 410). */
const isGone = (err: unknown) =>
  err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410);

/**
 * Sends one push job to its device (RFC 8030 with VAPID, RFC 8292, and the payload encrypted with
 * the device's keys, RFC 8291 aes128gcm): a deadline, coursework or appointment reminder, an
 * emergency alert or a portal message. A reminder or a message is checked again first, as an email one is. A device the push service no longer knows (404, 410) is forgotten and the job dropped;
 * another failure counts against the device and throws, so the worker retries with backoff.
 */
export function pushSender(o: PushSenderOptions) {
  const vapid = new VapidHeaders(o.vapid, o.subject, o.now);
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
          : p.kind === 'coursework'
            ? await courseworkPush(o.repos, job, o.clock(), o.timeZone)
            : p.kind === 'appointment'
              ? await appointmentPush(o.repos, job, o.clock(), o.timeZone)
              : await reminderMessage(o, job, p);
    if ('state' in message) return message;
    // Checked again at every send, just before it: the list may have changed since the device
    // registered, and the name may resolve elsewhere now. The connection uses the address checked.
    const target = await checkPushEndpoint(device.endpoint, o.hosts, o.resolve);
    if (!target.ok) {
      if (target.transient) throw new Error(target.reason);
      return { state: 'dropped', reason: `push endpoint refused: ${target.reason}` };
    }
    try {
      await withinTime(
        webpush.sendNotification(
          { endpoint: target.href, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(message),
          {
            // Signed once per push service and reused (vapid-headers.ts): with no `vapidDetails`,
            // web-push signs nothing and sends this header as given.
            headers: { Authorization: vapid.authorization(target.href) },
            // An appointment's reminder is worth little once the appointment has begun.
            TTL: p.kind === 'alert' || p.kind === 'appointment' ? ALERT_TTL_S : REMINDER_TTL_S,
            urgency: p.kind === 'alert' ? 'high' : 'normal',
            contentEncoding: 'aes128gcm',
            // web-push's own limit is on silence (the socket's idle time); `withinTime` bounds the whole.
            timeout: o.timeoutMs,
            agent: o.agents.for(target),
          },
        ),
        o.timeoutMs,
      );
    } catch (err) {
      if (isGone(err)) {
        await o.subscriptions.remove(device.id);
        return { state: 'dropped', reason: 'the push service no longer knows the device' };
      }
      await o.subscriptions.failed(device.id);
      if (err instanceof webpush.WebPushError) {
        throw new Error(`push service answered ${err.statusCode}: ${err.body.slice(0, 200)}`);
      }
      // web-push's own silence limit and `withinTime` are the same limit: one reason for both.
      throw err instanceof Error && err.message === 'Socket timeout' ? lateError(o.timeoutMs) : err;
    }
    // A device already answering is not written again within the hour (issue 63: a commit per push).
    const now = o.clock();
    if (!answering(device.failures, device.last_success_at, now)) {
      await o.subscriptions.succeeded(device.id, now);
    }
    return { state: 'sent' };
  };
}

/** Whether a device has no failure since a success less than an hour ago. */
const answering = (failures: number, lastSuccess: string | null, now: Date) =>
  Number(failures) === 0 &&
  lastSuccess !== null &&
  now.getTime() - Date.parse(lastSuccess) < 3_600_000;

/** Why a push failed on the time limit. */
const lateError = (ms: number) =>
  new SendTimedOut(`no answer from the push service within ${ms} ms`);

/**
 * `send`, or a failure once `ms` have passed, whichever comes first: a push service that accepts the
 * connection and answers slowly, byte by byte, holds the sender no longer than one that never
 * answers. (web-push follows no redirect: a 3xx is a failure like any other non-2xx.)
 */
async function withinTime<T>(send: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(lateError(ms)), ms);
  });
  try {
    return await Promise.race([send, late]);
  } finally {
    clearTimeout(timer);
  }
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
  const message = await liveMessage(o.repos, job, o.clock());
  if ('state' in message) return message;
  const body = message.body.replace(/\s+/g, ' ').trim();
  return {
    title: message.title.slice(0, 200) || o.productName,
    body: body.length > 240 ? `${body.slice(0, 239).trimEnd()}…` : body,
    url: messagePath(message),
    tag: `${job.idempotency_key.startsWith('message:item-') ? 'item' : 'message'}-${message.id}`,
  };
}

/** A deadline reminder's notification, or why it is no longer called for. */
async function reminderMessage(
  o: PushSenderOptions,
  job: NotifyJob,
  p: PushReminderPayload,
): Promise<PushMessage | Outcome> {
  const now = o.clock();
  const row = await o.repos.deadlineTasks.reminderTask(p.userTaskId, job.user_id, now);
  const stale = reminderNoLongerDue(row, p, now, o.defaultOffsets);
  if (stale || !row) return stale ?? { state: 'dropped', reason: 'task not assigned' };
  const typeId = await o.repos.deadlineTasks.notificationTypeId(TOPICS.deadlines.notificationType);
  if (typeId === undefined || !row.notifications || !choosesType(row.notifications, typeId)) {
    return { state: 'dropped', reason: 'topic not chosen' };
  }
  return {
    ...reminderPushText(
      row.title,
      dueWords(new Date(p.deadline), row.endsOnDay, now, o.timeZone, storedLanguage(row.language)),
    ),
    url: `/next-steps/task/${p.taskId}`,
    tag: `reminder-${p.userTaskId}`,
  };
}
