import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  CourseworkItem,
  CourseworkKind,
  CourseworkSource,
} from '../../contract/coursework.schema.js';
import type { TaskFilter } from './task-filter.js';
import { formatCampusDate, formatCampusDateTime } from './time.js';

/**
 * The words and rules of coursework items (issue 45), one place for every screen that shows them:
 * the dashboard's Upcoming Tasks, Account's Coursework calendar and the Next Steps list.
 */

/**
 * The link back to the item in its LMS, in the reader's language: the same English words as the
 * server's emails and search (the server catalogue's `notify.coursework.open-in`).
 */
const OPEN_IN: Record<CourseworkSource, MessageDescriptor> = {
  canvas: msg`Open in Canvas`,
  moodle: msg`Open in Moodle`,
  other: msg`Open in your course site`,
};

export const openInLabel = (source: CourseworkSource) => i18n._(OPEN_IN[source]);

/** The LMS as the student knows it, for "Your Canvas calendar link stopped working". */
const SITE: Record<CourseworkSource, MessageDescriptor> = {
  canvas: msg({ message: 'Canvas', context: 'site' }),
  moodle: msg({ message: 'Moodle', context: 'site' }),
  other: msg`course site`,
};

export const siteName = (source: CourseworkSource) => i18n._(SITE[source]);

/** One whole sentence for each site: the site's name changes the sentence around it in Spanish. */
const BROKEN: Record<CourseworkSource, MessageDescriptor> = {
  canvas: msg`Your Canvas calendar link stopped working — paste the new one`,
  moodle: msg`Your Moodle calendar link stopped working — paste the new one`,
  other: msg`Your course site calendar link stopped working — paste the new one`,
};
const BROKEN_CONNECTION = msg`Your Canvas connection stopped working — connect Canvas again`;

export const brokenMessage = (source: CourseworkSource, kind: CourseworkKind = 'calendar') =>
  i18n._(kind === 'canvas' ? BROKEN_CONNECTION : BROKEN[source]);

/** What Canvas says of the student's submission, in the words Canvas's own list uses. */
const SUBMISSION: Record<NonNullable<CourseworkItem['submission']>, MessageDescriptor> = {
  graded: msg({ message: 'Graded', context: 'submission' }),
  submitted: msg({ message: 'Submitted', context: 'submission' }),
  missing: msg({ message: 'Missing', context: 'submission' }),
  excused: msg({ message: 'Excused', context: 'submission' }),
};

/** "Submitted", "Missing"…, for an item from a Canvas connection; null otherwise. */
export const submissionLabel = (item: CourseworkItem) =>
  item.submission ? i18n._(SUBMISSION[item.submission]) : null;

/** A calendar event (a Canvas calendar event, Moodle's "… opens"): nothing to hand in or mark done. */
export const isCourseworkEvent = (item: CourseworkItem) => item.kind === 'event';

/**
 * "Due …" on the campus clock, the date alone for an all-day item; a calendar event shows its time
 * without "Due" (issue 62).
 */
export function courseworkDue(item: CourseworkItem, timeZone: string) {
  const when = (item.all_day ? formatCampusDate : formatCampusDateTime)(item.due, timeZone);
  return isCourseworkEvent(item) ? when : i18n._(msg`Due ${when}`);
}

/**
 * next-steps.md §4 Task states, for coursework: "an overdue task counts only if it is not done". The
 * portal, not the LMS, knows the due time has passed, so an item is overdue once it is past due.
 */
export const isCourseworkOverdue = (item: CourseworkItem, now: number) =>
  !item.done && !isCourseworkEvent(item) && Date.parse(item.due) < now;

/**
 * next-steps.md §4 Filters, for coursework: done shows the items marked done; all other filters
 * first exclude them; overdue shows the overdue ones; Up Next all the rest. Coursework has no
 * bookmark, no importance and cannot be dismissed: those filters show none.
 */
export function isCourseworkInFilter(item: CourseworkItem, filter: TaskFilter, now: number) {
  if (filter === 'done') return item.done;
  if (item.done) return false;
  if (filter === 'overdue') return isCourseworkOverdue(item, now);
  return filter === 'upNext';
}
