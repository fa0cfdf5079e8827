import type { Language } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
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
  /** The reader's language (issue 59); English when not given. */
  language?: Language;
}

/** One SMS segment in the GSM alphabet. */
export const TEXT_LIMIT = 160;

/**
 * A deadline reminder as a text message: the product, the task, when it is due and the task's
 * address, in one 160-character GSM segment where the words allow (typographic quotes and dashes
 * become plain ones; a long title is shortened with "..."). STOP is answered by the provider.
 */
export function reminderText(i: ReminderTextInput): string {
  const i18n = translator(i.language ?? 'en');
  const frame = (title: string) =>
    textBody(
      i18n._({
        id: 'notify.text.reminder',
        message: '{product}: "{title}" is due {phrase}. {url}',
        values: { product: i.productName, title, phrase: duePhrase(i), url: i.taskUrl },
      }),
    );
  const whole = frame(i.taskTitle);
  if (whole.length <= TEXT_LIMIT) return whole;
  const room = TEXT_LIMIT - frame('').length - 3;
  if (room < 12) return whole;
  return frame(`${i.taskTitle.slice(0, room).trimEnd()}...`);
}
