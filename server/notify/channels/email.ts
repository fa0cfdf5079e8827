import { appointmentEmailSender } from '../appointment-sender.js';
import { courseworkEmailSender } from '../coursework-sender.js';
import { digestSender } from '../digest-sender.js';
import { messageEmailSender } from '../message-sender.js';
import { reminderEmailSender } from '../reminder-sender.js';
import { inChunks } from '../topics.js';
import type { ChannelModule } from './channel.js';
import { emailRefusal } from './consent.js';

/**
 * Email: to a person with an address who allows email (consent.ts), by SMTP or to the outbox
 * (mailer.ts); never held by quiet hours (it waits in an inbox anyway); the daily digest gathers
 * its deadline reminders for those who chose it. Deadline, coursework and appointment reminders, the
 * digests and portal messages.
 */
export const email: ChannelModule = {
  refusal: emailRefusal,
  async reaches(repos, userIds) {
    const rows = await inChunks(userIds, (ids) => repos.users.emailContacts(ids));
    return rows
      .filter((r) => emailRefusal({ byEmail: r.allowed, email: r.email }) === null)
      .map((r) => ({ userId: r.id }));
  },
  targets: (userId, contact) => (emailRefusal(contact) === null ? [{ userId }] : []),
  quietHours: false,
  inDailyDigest: true,
  senders: ({ sender }) => ({
    reminder: reminderEmailSender(sender),
    digest: digestSender(sender),
    message: messageEmailSender(sender),
    coursework: courseworkEmailSender(sender),
    appointment: appointmentEmailSender(sender),
  }),
};
