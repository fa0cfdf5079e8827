import { pushSender } from '../push-sender.js';
import { inChunks } from '../topics.js';
import type { ChannelModule } from './channel.js';

/**
 * Web push: to each device a person turned notifications on for (Account, per device: turning it
 * on is the consent), one job per device, sent to the device's push service (push-sender.ts); held
 * by quiet hours, but for emergency alerts and an appointment's hour-before reminder. Deadline,
 * coursework and appointment reminders, portal messages and emergency alerts.
 */
export const push: ChannelModule = {
  refusal: () => null,
  async reaches(repos, userIds) {
    const rows = await inChunks(userIds, (ids) => repos.pushSubscriptions.ofUsers(ids));
    return rows.map((r) => ({ userId: r.userId, subscriptionId: r.id }));
  },
  targets: (userId, _contact, devices) =>
    devices.map((device) => ({ userId, subscriptionId: device.id })),
  quietHours: true,
  inDailyDigest: false,
  senders: (deps) => {
    // One sender for every kind (its VAPID headers signed once per push service).
    const send = pushSender(deps.push);
    return { reminder: send, alert: send, message: send, coursework: send, appointment: send };
  },
};
