import type { NewJob, NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { PushSubscriptionsRepository } from '../db/repositories/push-subscriptions.repository.js';
import type { FeedAlert } from '../feeds/emergency-feed.js';
import { destinationOf } from '../db/notify-lanes.js';
import { pushAlertKey } from './push-sender.js';
import type { PushAlertPayload } from './push-sender.js';

/**
 * An alert is new, and pushed, while it is this recent: the sample feed's standing test alert and
 * the alerts of the last days that a restarted server reads again are not news.
 */
export const ALERT_PUSH_WINDOW_MS = 30 * 60_000;

/** Whether an alert calls for a push at `now`: recent, and not a test of the alert system. */
export function isPushableAlert(alert: FeedAlert, now: Date): boolean {
  const age = now.getTime() - Date.parse(alert.pubDate);
  return alert.severity !== 'test' && age <= ALERT_PUSH_WINDOW_MS && age >= -ALERT_PUSH_WINDOW_MS;
}

/**
 * Emergency alerts by web push (issue 29): every new alert goes at once to every device with push
 * on, and only by push (the university's alert system sends email and text itself). Each device's
 * job has the key `alert:<id>:push:<device>`, so however many processes see the alert, and however
 * often, each device gets it once. A device turned on while the alert is still new gets it too.
 *
 * The process remembers the highest device id it has enqueued each alert for, so a round asks the
 * store only for devices added since.
 */
export class AlertPusher {
  private readonly done = new Map<string, number>();

  constructor(
    private readonly jobs: NotifyJobsRepository,
    private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  /** Enqueues the pushes the current alerts call for; resolves to how many jobs were added. */
  async plan(alerts: readonly FeedAlert[], now: Date): Promise<number> {
    const fresh = alerts.filter((alert) => isPushableAlert(alert, now));
    for (const id of this.done.keys()) {
      if (!fresh.some((alert) => alert.id === id)) this.done.delete(id);
    }
    if (fresh.length === 0) return 0;
    const since = Math.min(...fresh.map((alert) => this.done.get(alert.id) ?? 0));
    const devices = await this.subscriptions.addedAfter(since);
    let added = 0;
    for (const alert of fresh) {
      const after = this.done.get(alert.id) ?? 0;
      const jobs: NewJob[] = devices
        .filter((device) => device.id > after)
        .map((device) => {
          const payload: PushAlertPayload = {
            kind: 'alert',
            alertId: alert.id,
            subscriptionId: device.id,
            title: alert.title,
            body: alert.description,
          };
          return {
            idempotencyKey: pushAlertKey(alert.id, device.id),
            channel: 'push',
            kind: 'alert',
            topic: 'alerts',
            userId: device.user_id,
            payload,
            runAt: now,
            // The emergency lane, and each device's push service as its destination.
            urgent: true,
            destination: destinationOf('push', device.endpoint, device.failures > 0),
          };
        });
      // Written in a few statements: a campus's devices are in the urgent lane within seconds.
      added += await this.jobs.enqueueMany(jobs, now);
      const last = devices.at(-1);
      if (last) this.done.set(alert.id, Math.max(after, last.id));
    }
    return added;
  }
}
