import type {
  ICalTemporalInstantStub,
  ICalTemporalPlainDateStub,
  ICalTemporalPlainDateTimeStub,
  ICalTemporalZonedDateTimeStub,
} from 'ical-generator';
import { campusClockTime, campusDate, campusInstant } from '../time.js';

/**
 * Wall-clock values for ical-generator in the Temporal shapes it accepts. A native Date with a
 * TZID would be written with the server process's own zone; these carry the campus date and time
 * themselves, so `DTSTART;TZID=America/Los_Angeles:20261005T100000` is exact wherever the server runs.
 */

const numbers = (text: string, separator: string) => text.split(separator).map(Number);

/** A calendar day (`YYYY-MM-DD`) for an all-day event. */
export function calendarDay(date: string): ICalTemporalPlainDateStub {
  const [year = 0, month = 0, day = 0] = numbers(date, '-');
  const value = {
    year,
    month,
    day,
    toJSON: () => date,
    toString: () => date,
    // ical-generator recognises a plain date by this method.
    toPlainDateTime: () => wallClock(date, '00:00'),
  };
  return value;
}

function instantStub(at: Date): ICalTemporalInstantStub {
  return {
    epochMilliseconds: at.getTime(),
    toJSON: () => at.toISOString(),
    toString: () => at.toISOString(),
    toZonedDateTimeISO: (zone) => zoned(campusDate(at, zone), campusClockTime(at, zone), zone),
  };
}

function zoned(date: string, time: string, timeZoneId: string): ICalTemporalZonedDateTimeStub {
  const plain = wallClock(date, time);
  const at = campusInstant(date, time, timeZoneId);
  return {
    year: plain.year,
    month: plain.month,
    day: plain.day,
    hour: plain.hour,
    minute: plain.minute,
    second: 0,
    timeZoneId,
    toPlainDateTime: () => plain,
    toInstant: () => instantStub(at),
    withTimeZone: (zone) => zoned(campusDate(at, zone), campusClockTime(at, zone), zone),
    toJSON: () => at.toISOString(),
    toString: () => `${date}T${time}:00[${timeZoneId}]`,
  };
}

/** A date and wall-clock time (`HH:MM`), written in whatever zone the event names. */
export function wallClock(date: string, time: string): ICalTemporalPlainDateTimeStub {
  const [year = 0, month = 0, day = 0] = numbers(date, '-');
  const [hour = 0, minute = 0] = numbers(time, ':');
  return {
    year,
    month,
    day,
    hour,
    minute,
    second: 0,
    toJSON: () => `${date}T${time}:00`,
    toString: () => `${date}T${time}:00`,
    toPlainDate: () => calendarDay(date),
    toZonedDateTime: (zone) => zoned(date, time, zone),
  };
}
