import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The notification topics the portal itself ships (server/next-steps/sample-data.ts, migrations
 * 019, 029, 044 and 056), by their stored English names, as the catalogue says them (issue 76). A topic staff
 * named themselves has no Spanish: it is shown as written, marked English.
 */
const KNOWN: Readonly<Record<string, MessageDescriptor>> = {
  'Email reminders': msg`Email reminders`,
  'Text message reminders': msg`Text message reminders`,
  'Weekly summary': msg`Weekly summary`,
  'Deadline alerts': msg`Deadline alerts`,
  'Messages from the university': msg`Messages from the university`,
  'Coursework due dates': msg`Coursework due dates`,
  'Changes to your record': msg`Changes to your record`,
  'Appointment reminders': msg`Appointment reminders`,
};

/** A topic's name in the reader's language, and `en` when it stays as staff wrote it. */
export function topicName(i18n: I18n, stored: string): { text: string; lang?: 'en' } {
  const known = Object.hasOwn(KNOWN, stored) ? KNOWN[stored] : undefined;
  if (known) return { text: i18n._(known) };
  return i18n.locale === 'en' ? { text: stored } : { text: stored, lang: 'en' };
}
