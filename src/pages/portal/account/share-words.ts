import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatCampusDate, formatCampusTime } from '../../../lib/time.js';

/** The short list of purposes; the student may also give their own words. */
export const PURPOSES: readonly MessageDescriptor[] = [
  msg`Paying tuition and fees`,
  msg`Helping to clear holds`,
  msg`Following my studies`,
  msg`Helping with my next steps`,
];

/** A day in the campus zone as a date field holds it: "2027-05-31". */
export const dayOf = (iso: string | Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(typeof iso === 'string' ? new Date(iso) : iso);

/** The last day a grant may end: a year from today. */
export const lastDay = (now: Date, timeZone: string): string =>
  dayOf(new Date(now.getTime() + 365 * 24 * 60 * 60 * 1000), timeZone);

/**
 * "Nov 27, 2026" and "9:14 AM" (or the reader's Spanish), in the campus zone: the portal's own date
 * forms (src/lib/time.ts), as every other page writes them.
 */
export const viewedWhen = (iso: string, timeZone: string) => ({
  day: formatCampusDate(iso, timeZone),
  time: formatCampusTime(iso, timeZone),
});

/** A day as the portal writes it: "May 31, 2027", "31 may 2027". */
export const longDay = (iso: string, timeZone: string): string => formatCampusDate(iso, timeZone);
