import type {
  PushSubscriptionRow,
  PushSubscriptionsRepository,
} from '../db/repositories/push-subscriptions.repository.js';
import type { ReminderPayload } from './planner.js';

/**
 * A deadline reminder for one device: the reminder's own payload and the device, under the key
 * `reminder:<userTask>:<offset>:<deadline>:push:<device>` (planner.ts `reminderKeyOn`).
 */
export type PushReminderPayload = ReminderPayload & { kind: 'reminder'; subscriptionId: number };

/** The devices with web push on of each of `userIds` (a person without any: no entry). */
export type DevicesOf = (
  userIds: readonly number[],
) => Promise<Map<number, Pick<PushSubscriptionRow, 'id' | 'user_id'>[]>>;

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
