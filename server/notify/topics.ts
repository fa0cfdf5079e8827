import type { NotifyTopic } from '../../contract/notify.schema.js';

/**
 * What a person can hear about and unsubscribe from. Each topic is one of Next Steps' notification
 * types (next-steps.md §3): a person hears about a topic while its type is among their chosen
 * notifications, and unsubscribing removes it from them, so the preferences page shows the change.
 */
export const TOPICS: Record<NotifyTopic, { notificationType: string; label: string }> = {
  /** Reminders before a Next Steps task's deadline. */
  deadlines: { notificationType: 'Deadline alerts', label: 'Next Steps deadline reminders' },
};

export type Topic = NotifyTopic;

export const isTopic = (value: string): value is Topic => Object.hasOwn(TOPICS, value);
