import { appointmentTextSender } from '../appointment-sender.js';
import { courseworkTextSender } from '../coursework-sender.js';
import { messageTextSender } from '../message-sender.js';
import { reminderTextSender } from '../reminder-sender.js';
import { inChunks } from '../topics.js';
import type { ChannelModule } from './channel.js';
import { textRefusal } from './consent.js';

/**
 * Text messages (`sms`): to a person who allows texts and gave a number (consent.ts), by Twilio or
 * to the outbox (texter.ts), one 160-character segment where the words allow; held by quiet hours.
 * Deadline, coursework and appointment reminders and portal messages (an appointment's hour-before
 * reminder is never held: quiet-hours.ts).
 */
export const sms: ChannelModule = {
  refusal: textRefusal,
  async reaches(repos, userIds) {
    const rows = await inChunks(userIds, (ids) => repos.preferences.textContacts(ids));
    return rows
      .filter((r) => textRefusal({ byText: r.allowed, smsNumber: r.number }) === null)
      .map((r) => ({ userId: r.userId }));
  },
  targets: (userId, contact) => (textRefusal(contact) === null ? [{ userId }] : []),
  quietHours: true,
  inDailyDigest: false,
  senders: ({ sender }) => ({
    reminder: reminderTextSender(sender),
    message: messageTextSender(sender),
    coursework: courseworkTextSender(sender),
    appointment: appointmentTextSender(sender),
  }),
};
