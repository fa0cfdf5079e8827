import { formatInTimeZone } from '../../date-fns.js';

/**
 * PeopleSoft's date and time formats as its REST services write them, to the campus calendar and
 * clock. A PeopleSoft DateTime without a zone (`2027-01-09-18.00.00.000000`, the database's own
 * form) and a Time (`18.00.00.000000`) are the campus's wall clock already, as the database keeps
 * them; an ISO date-time with an offset (`2027-01-09T18:00:00.000000-08:00`, the XML schema form) is
 * an instant, moved to the campus zone. A date is `2027-01-09`, or `01/09/2027` in the older
 * messages' stamps (`SRVC_IND_DTTM: 08/26/2013 10:36:44.000000`).
 */
const PS_DATETIME = /^(\d{4}-\d{2}-\d{2})-(\d{2})\.(\d{2})\.\d{2}(?:\.\d{1,6})?$/;
const PS_TIME = /^(\d{2})[.:](\d{2})(?:[.:]\d{2}(?:\.\d{1,6})?)?$/;
const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})$/;
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s.*)?$/;

export interface CampusMoment {
  date: string | null;
  time: string | null;
}

/** An ISO instant with six fraction digits and `-0800` offsets, as `Date` reads it. */
function instantOf(value: string): Date {
  const trimmed = value.replace(/(\.\d{3})\d+/, '$1').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  return new Date(trimmed);
}

const validHour = (h: string, m: string) => Number(h) <= 23 && Number(m) <= 59;

/** A PeopleSoft date, time or date-time, on the campus calendar and clock; null parts unknown. */
export function campusMomentOf(value: string | null, zone: string): CampusMoment | null {
  if (value === null) return null;
  const v = value.trim();
  let m = PS_DATETIME.exec(v);
  if (m?.[1] && m[2] && m[3]) {
    return validHour(m[2], m[3]) ? { date: m[1], time: `${m[2]}:${m[3]}` } : null;
  }
  if (ISO_INSTANT.test(v)) {
    const instant = instantOf(v);
    if (Number.isNaN(instant.getTime())) return null;
    return {
      date: formatInTimeZone(instant, zone, 'yyyy-MM-dd'),
      time: formatInTimeZone(instant, zone, 'HH:mm'),
    };
  }
  m = ISO_DATE.exec(v);
  if (m?.[1]) return { date: m[1], time: null };
  m = US_DATE.exec(v);
  if (m?.[1] && m[2] && m[3]) return { date: `${m[3]}-${m[1]}-${m[2]}`, time: null };
  m = PS_TIME.exec(v);
  if (m?.[1] && m[2]) return validHour(m[1], m[2]) ? { date: null, time: `${m[1]}:${m[2]}` } : null;
  return null;
}

/** The campus date a PeopleSoft value names, or null. */
export const campusDateOf = (value: string | null, zone: string) =>
  campusMomentOf(value, zone)?.date ?? null;

/** The campus wall-clock time `HH:MM` a PeopleSoft value names, or null. */
export const campusTimeOf = (value: string | null, zone: string) =>
  campusMomentOf(value, zone)?.time ?? null;

/**
 * The portal's term code `YYYY0Q` of a PeopleSoft term (STRM, a four-digit code of the campus's own
 * numbering, `2272`): the year and quarter of the middle of its dates, as the Ethos adapter does for
 * academic periods (a fall semester, August to December, is 04; a spring one, January to May, 01).
 */
export function portalTermOf(begin: string, end: string): string {
  const start = Date.parse(`${begin}T00:00:00Z`);
  const finish = Date.parse(`${end}T00:00:00Z`);
  const middle = new Date((start + finish) / 2);
  const month = middle.getUTCMonth() + 1;
  const quarter = month <= 3 ? 1 : month <= 6 ? 2 : month <= 8 ? 3 : 4;
  return `${middle.getUTCFullYear()}0${quarter}`;
}
