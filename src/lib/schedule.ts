/**
 * portal.md §9 schedule day labels MON to SUN, with OTHER for web courses that have no meeting days;
 * §2 Today's Classes: today's meetings in the campus time zone, in start-time order.
 */
import type { Meeting } from '../../contract/sis/schedule.schema.js';
import type { CampusDay, DayLetter } from './time.js';

export const DAY_LABELS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN', 'OTHER'] as const;
export type DayLabel = (typeof DAY_LABELS)[number];

const LETTER_OF: Record<Exclude<DayLabel, 'OTHER'>, DayLetter> = {
  MON: 'M',
  TUE: 'T',
  WED: 'W',
  THU: 'R',
  FRI: 'F',
  SAT: 'S',
  SUN: 'U',
};

export interface ScheduleDay {
  label: DayLabel;
  meetings: Meeting[];
  /** This week's campus holiday on that day, whose classes do not meet (schedule-week.ts). */
  holiday?: string;
}

/** Meetings without a time (none on a web course) sort after the timed ones. */
const byStart = (a: Meeting, b: Meeting) =>
  (a.STARTTIME ?? '99:99').localeCompare(b.STARTTIME ?? '99:99') ||
  a.SUBJECTCODE.localeCompare(b.SUBJECTCODE) ||
  a.COURSENUMBER.localeCompare(b.COURSENUMBER);

/**
 * The week's schedule grouped by day, MON to SUN, then OTHER for meetings without days; a meeting
 * on several days appears under each. Days without meetings are left out.
 */
export function groupByDay(meetings: readonly Meeting[]): ScheduleDay[] {
  return DAY_LABELS.map((label) => ({
    label,
    meetings: meetings
      .filter((m) => (label === 'OTHER' ? m.DAYS === '' : m.DAYS.includes(LETTER_OF[label])))
      .sort(byStart),
  })).filter((day) => day.meetings.length > 0);
}

/** The meetings held on `today` (a campus calendar day), in start-time order. */
export function classesOn(meetings: readonly Meeting[], today: CampusDay): Meeting[] {
  return meetings
    .filter(
      (m) => m.DAYS.includes(today.weekday) && m.STARTDATE <= today.date && today.date <= m.ENDDATE,
    )
    .sort(byStart);
}
