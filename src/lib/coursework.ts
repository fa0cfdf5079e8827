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

/** The link back to the item in its LMS: the words the server's emails and search use too. */
export { openInLabel } from '../../contract/coursework.rules.js';

/** The LMS as the student knows it, for "Your Canvas calendar link stopped working". */
const SITE: Record<CourseworkSource, string> = {
  canvas: 'Canvas',
  moodle: 'Moodle',
  other: 'course site',
};

export const siteName = (source: CourseworkSource) => SITE[source];

export const brokenMessage = (source: CourseworkSource, kind: CourseworkKind = 'calendar') =>
  kind === 'canvas'
    ? 'Your Canvas connection stopped working — connect Canvas again'
    : `Your ${SITE[source]} calendar link stopped working — paste the new one`;

/** What Canvas says of the student's submission, in the words Canvas's own list uses. */
const SUBMISSION: Record<NonNullable<CourseworkItem['submission']>, string> = {
  graded: 'Graded',
  submitted: 'Submitted',
  missing: 'Missing',
  excused: 'Excused',
};

/** "Submitted", "Missing"…, for an item from a Canvas connection; null otherwise. */
export const submissionLabel = (item: CourseworkItem) =>
  item.submission ? SUBMISSION[item.submission] : null;

/** A calendar event (a Canvas calendar event, Moodle's "… opens"): nothing to hand in or mark done. */
export const isCourseworkEvent = (item: CourseworkItem) => item.kind === 'event';

/**
 * "Due …" on the campus clock, the date alone for an all-day item; a calendar event shows its time
 * without "Due" (issue 62).
 */
export function courseworkDue(item: CourseworkItem, timeZone: string) {
  const when = (item.all_day ? formatCampusDate : formatCampusDateTime)(item.due, timeZone);
  return isCourseworkEvent(item) ? when : `Due ${when}`;
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
