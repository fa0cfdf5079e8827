import type { NotifyTopic } from '../../contract/notify.schema.js';

/**
 * What a person can hear about and unsubscribe from. Each topic is one of Next Steps' notification
 * types (next-steps.md §3): a person hears about a topic while its type is among their chosen
 * notifications, and unsubscribing removes it from them, so the preferences page shows the change.
 */
export const TOPICS: Record<
  NotifyTopic,
  { notificationType: string; label: string; /** What stopping it stops. */ by: string }
> = {
  /** Reminders before a Next Steps task's deadline. */
  deadlines: {
    notificationType: 'Deadline alerts',
    label: 'Next Steps deadline reminders',
    by: 'by email',
  },
  /**
   * The copies of a portal message that "also notify" sends by email, text and push. Stopping them
   * never hides a message from the portal's Messages page, and emergency alerts are no topic at all.
   */
  messages: {
    notificationType: 'Messages from the university',
    label: 'Messages from the university',
    by: 'by email, text or push (they stay on your Messages page)',
  },
  /**
   * Reminders before a coursework item of the student's own LMS calendar feed is due (issue 45). Off
   * until the student chooses it: nobody has the type chosen at first (migration 029, sample data).
   */
  coursework: {
    notificationType: 'Coursework due dates',
    label: 'Coursework due date reminders',
    by: 'by email, text or push',
  },
};

export type Topic = NotifyTopic;

export const isTopic = (value: string): value is Topic => Object.hasOwn(TOPICS, value);
