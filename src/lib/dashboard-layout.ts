import { LEFT_COLUMN_BLOCKS } from '../../contract/dashboard.schema.js';
import type { DashboardBlock } from '../../contract/dashboard.schema.js';

/**
 * portal.md §2's order below 1024 px, in one column: the left column with its mobile-only blocks
 * (the staff and financial promos after the profile summary, School tools before the general
 * resources), then the rest of the right column. DASHBOARD_BLOCKS is the order from 1024 px.
 */
export const PHONE_ORDER: readonly DashboardBlock[] = [
  'profile-summary',
  'staff-promos',
  'financial-promos',
  'staff-resources',
  'faculty-resources',
  'advisor-resources',
  'todays-classes',
  'school-tools',
  'general-resources',
  'event-calendar',
  'other-promos',
  'whats-new',
  'video',
  'my-next-steps',
  'basic-html',
];

/**
 * The two columns of a wide screen: the shown blocks in reading order, as many in the left column
 * as the spec puts there, so the default layout is the spec's and a block moved past the end of the
 * left column heads the right one. A phone shows them in one column, in the same order.
 */
export function columnsOf(shown: readonly DashboardBlock[]): [DashboardBlock[], DashboardBlock[]] {
  const left = shown.filter((b) => LEFT_COLUMN_BLOCKS.includes(b)).length;
  return [shown.slice(0, left), shown.slice(left)];
}

/** The person's own day (issue 43): the greeting, today's classes, the next tasks. */
export const DAY_BLOCKS: readonly DashboardBlock[] = [
  'profile-summary',
  'todays-classes',
  'my-next-steps',
];
