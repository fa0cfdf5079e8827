import type { NewJob } from '../db/repositories/notify-jobs.repository.js';
import type {
  PushSubscriptionRow,
  PushSubscriptionsRepository,
} from '../db/repositories/push-subscriptions.repository.js';
import type { ReminderPayload } from './planner.js';

/** A deadline reminder for one device: the reminder's own payload and the device. */
export type PushReminderPayload = ReminderPayload & { kind: 'reminder'; subscriptionId: number };

/** `reminder:<userTask>:<offset>:<deadline>:push:<device>`: once per reminder and device. */
export const pushReminderKey = (p: PushReminderPayload) =>
  `reminder:${p.userTaskId}:${p.offset}:${p.deadline}:push:${p.subscriptionId}`;

/** The devices with web push on of each of `userIds` (a person without any: no entry). */
export type DevicesOf = (
  userIds: readonly number[],
) => Promise<Map<number, Pick<PushSubscriptionRow, 'id' | 'user_id'>[]>>;

/**
 * A deadline reminder by web push: one job per device (`reminder:…:push:<device>`), so one
 * device's failure is retried alone and a device added later gets the reminders still ahead.
 */
export function pushReminderJobs(
  devices: readonly Pick<PushSubscriptionRow, 'id' | 'user_id'>[],
  reminder: ReminderPayload,
  runAt: Date,
): NewJob[] {
  return devices.map((device) => {
    const payload: PushReminderPayload = {
      ...reminder,
      kind: 'reminder',
      subscriptionId: device.id,
    };
    return {
      idempotencyKey: pushReminderKey(payload),
      channel: 'push',
      topic: 'deadlines',
      userId: device.user_id,
      payload,
      runAt,
    };
  });
}

/** `DevicesOf` from the store: the devices of `userIds`, 500 people a statement. */
export async function devicesOfUsers(
  devices: Pick<PushSubscriptionsRepository, 'ofUsers'>,
  userIds: readonly number[],
): Promise<Map<number, Pick<PushSubscriptionRow, 'id' | 'user_id'>[]>> {
  const byUser = new Map<number, Pick<PushSubscriptionRow, 'id' | 'user_id'>[]>();
  for (let i = 0; i < userIds.length; i += 500) {
    for (const device of await devices.ofUsers(userIds.slice(i, i + 500))) {
      const own = byUser.get(device.userId) ?? [];
      own.push({ id: device.id, user_id: device.userId });
      byUser.set(device.userId, own);
    }
  }
  return byUser;
}
