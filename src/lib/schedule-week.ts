/**
 * The week the schedule shows (portal.md §3 "This week's classes"): no classes meet on a campus
 * holiday (contract/holidays.rules.ts). A module of its own, so the dashboard's first route does not
 * carry it.
 */
import type { Holiday } from '../../contract/campus.schema.js';
import { holidayOn } from '../../contract/holidays.rules.js';
import { DAY_LABELS } from './schedule.js';
import type { DayLabel, ScheduleDay } from './schedule.js';
import type { CampusDay, DayLetter } from './time.js';

/** Days from Monday, by SIS letter. */
const DAY_INDEX: Record<DayLetter, number> = { M: 0, T: 1, W: 2, R: 3, F: 4, S: 5, U: 6 };

const shifted = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The campus holidays of the week (Monday to Sunday) that holds `today`, by day label. */
export function holidaysThisWeek(
  today: CampusDay,
  holidays: readonly Holiday[],
): Partial<Record<DayLabel, string>> {
  const monday = shifted(today.date, -DAY_INDEX[today.weekday]);
  const week: Partial<Record<DayLabel, string>> = {};
  DAY_LABELS.slice(0, 7).forEach((label, i) => {
    const holiday = holidayOn(holidays, shifted(monday, i));
    if (holiday) week[label] = holiday.name;
  });
  return week;
}

/** The week's days (groupByDay) with each of this week's holidays named and its meetings cancelled. */
export function withHolidays(
  days: readonly ScheduleDay[],
  closed: Partial<Record<DayLabel, string>>,
): ScheduleDay[] {
  return days.map((day) => {
    const holiday = closed[day.label];
    return holiday ? { label: day.label, meetings: [], holiday } : day;
  });
}
