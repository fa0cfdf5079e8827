import { formatInTimeZone } from '../../date-fns.js';
import type { InstructionalEvent, Weekday } from './models.js';
import { dateOf } from './terms.js';

const WEEK: Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];
export const LETTER: Record<Weekday, string> = {
  monday: 'M',
  tuesday: 'T',
  wednesday: 'W',
  thursday: 'R',
  friday: 'F',
  saturday: 'S',
  sunday: 'U',
};
export const SHORT: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/**
 * A weekly repeat rule's days and times, from UTC (as Ethos holds them) to the campus clock: a
 * meeting at 01:30 UTC on Tuesday is Monday evening in Portland, so its days move back a day too.
 */
export function meetingOnCampus(event: InstructionalEvent, zone: string) {
  const { startOn, endOn } = event.recurrence.timePeriod;
  const start = new Date(startOn);
  const end = new Date(endOn);
  if (event.recurrence.repeatRule.type !== 'weekly' || !startOn.includes('T')) {
    return { days: [] as Weekday[], start: null, end: null, startDate: dateOf(startOn) };
  }
  const utcDay = start.getUTCDay();
  // ISO weekday 1 (Monday) … 7 (Sunday); WEEK starts on Sunday.
  const localDay = Number(formatInTimeZone(start, zone, 'i')) % 7;
  const shift = (localDay - utcDay + 7) % 7 === 6 ? -1 : (localDay - utcDay + 7) % 7;
  const days = event.recurrence.repeatRule.daysOfWeek
    .map((d) => WEEK[(WEEK.indexOf(d) + shift + 7) % 7])
    .filter((d): d is Weekday => d !== undefined);
  return {
    days: [...WEEK.slice(1), 'sunday' as const].filter((d) => days.includes(d)),
    start: formatInTimeZone(start, zone, 'HH:mm'),
    end: formatInTimeZone(end, zone, 'HH:mm'),
    startDate: formatInTimeZone(start, zone, 'yyyy-MM-dd'),
  };
}
