import type { NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { PushSubscriptionRow } from '../db/repositories/push-subscriptions.repository.js';
import type { ReminderPayload } from './planner.js';

/** A deadline reminder for one device: the reminder's own payload and the device. */
export type PushReminderPayload = ReminderPayload & { kind: 'reminder'; subscriptionId: number };

/** `reminder:<userTask>:<offset>:<deadline>:push:<device>`: once per reminder and device. */
export const pushReminderKey = (p: PushReminderPayload) =>
  `reminder:${p.userTaskId}:${p.offset}:${p.deadline}:push:${p.subscriptionId}`;

/** A person's devices with web push on. */
export type DevicesOf = (userId: number) => Promise<Pick<PushSubscriptionRow, 'id' | 'user_id'>[]>;

/**
 * A deadline reminder by web push: one job per device (`reminder:…:push:<device>`), so one
 * device's failure is retried alone and a device added later gets the reminders still ahead.
 * Resolves to how many jobs were added.
 */
export async function enqueuePushReminders(
  jobs: NotifyJobsRepository,
  devices: readonly Pick<PushSubscriptionRow, 'id' | 'user_id'>[],
  reminder: ReminderPayload,
  runAt: Date,
  now: Date,
): Promise<number> {
  let added = 0;
  for (const device of devices) {
    const payload: PushReminderPayload = {
      ...reminder,
      kind: 'reminder',
      subscriptionId: device.id,
    };
    const fresh = await jobs.enqueue(
      {
        idempotencyKey: pushReminderKey(payload),
        channel: 'push',
        topic: 'deadlines',
        userId: device.user_id,
        payload,
        runAt,
      },
      now,
    );
    if (fresh) added += 1;
  }
  return added;
}
