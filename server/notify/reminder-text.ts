import { duePhrase } from './due-words.js';
import { textBody } from './text-body.js';

export interface ReminderTextInput {
  productName: string;
  taskTitle: string;
  /** "Thursday, November 26" (date-only) or "Thu, Nov 26, 2026, 6:00 PM PST" (due-words.ts). */
  due: string;
  /** "today", "tomorrow", "in 3 days". */
  when: string;
  taskUrl: string;
}

/** One SMS segment in the GSM alphabet. */
export const TEXT_LIMIT = 160;

/**
 * A deadline reminder as a text message: the product, the task, when it is due and the task's
 * address, in one 160-character GSM segment where the words allow (typographic quotes and dashes
 * become plain ones; a long title is shortened with "..."). STOP is answered by the provider.
 */
export function reminderText(i: ReminderTextInput): string {
  const frame = (title: string) =>
    textBody(`${i.productName}: "${title}" is due ${duePhrase(i)}. ${i.taskUrl}`);
  const whole = frame(i.taskTitle);
  if (whole.length <= TEXT_LIMIT) return whole;
  const room = TEXT_LIMIT - frame('').length - 3;
  if (room < 12) return whole;
  return frame(`${i.taskTitle.slice(0, room).trimEnd()}...`);
}
