import { describe, expect, it } from 'vitest';
import {
  addDays,
  campusClockTime,
  campusDate,
  campusIcalLocal,
  campusInstant,
  campusIsoWithOffset,
  eventTimeString,
  zoneAbbreviation,
  zoneOffsetMinutes,
} from '../../server/time.js';

const LA = 'America/Los_Angeles';
// 6:00 PM on Thu, Nov 26, 2026 in Los Angeles (PST, UTC-8).
const sixPm = new Date('2026-11-27T02:00:00Z');
const eightPm = new Date('2026-11-27T04:00:00Z');

describe('the campus wall clock on the server (portal.md §9: events are in America/Los_Angeles)', () => {
  it('the campus date of an instant is the Los Angeles calendar date, not the UTC one', () => {
    expect(campusDate(sixPm, LA)).toBe('2026-11-26');
  });

  it('a campus date and time name the instant the Los Angeles clock shows them', () => {
    expect(campusInstant('2026-11-26', '18:00', LA).toISOString()).toBe('2026-11-27T02:00:00.000Z');
    // Summer time: UTC-7.
    expect(campusInstant('2026-07-01', '09:30', LA).toISOString()).toBe('2026-07-01T16:30:00.000Z');
  });

  it('adding days is calendar arithmetic across months and backwards', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-26', 0)).toBe('2026-11-26');
  });

  it('an instant reads as ISO-8601 with the campus offset', () => {
    expect(campusIsoWithOffset(sixPm, LA)).toBe('2026-11-26T18:00:00-08:00');
  });

  it('an instant reads as iCalendar local time on the campus clock', () => {
    expect(campusIcalLocal(sixPm, LA)).toBe('20261126T180000');
  });

  it('the campus clock time is HH:MM on the 24-hour clock', () => {
    expect(campusClockTime(sixPm, LA)).toBe('18:00');
  });

  it('the zone offset is negative minutes west of UTC, winter and summer', () => {
    expect(zoneOffsetMinutes(sixPm, LA)).toBe(-480);
    expect(zoneOffsetMinutes(new Date('2026-07-01T12:00:00Z'), LA)).toBe(-420);
  });

  it('the zone offset is positive minutes east of UTC, hours and minutes both counted', () => {
    expect(zoneOffsetMinutes(sixPm, 'Asia/Kolkata')).toBe(330);
    expect(zoneOffsetMinutes(sixPm, 'UTC')).toBe(0);
  });

  it('the zone abbreviation follows the season', () => {
    expect(zoneAbbreviation(sixPm, LA)).toBe('PST');
    expect(zoneAbbreviation(new Date('2026-07-01T12:00:00Z'), LA)).toBe('PDT');
  });
});

describe('portal.md §3 Event datetime_string, US English on the campus clock', () => {
  it('an event within one day reads "Thu, Nov 26, 2026, 6:00 PM – 8:00 PM PST"', () => {
    expect(eventTimeString(sixPm, eightPm, LA)).toBe('Thu, Nov 26, 2026, 6:00 PM – 8:00 PM PST');
  });

  it('an event past midnight names the end day: "… 6:00 PM – Fri, Nov 27, 2026, 2:00 AM PST"', () => {
    const twoAm = new Date('2026-11-27T10:00:00Z');
    expect(eventTimeString(sixPm, twoAm, LA)).toBe(
      'Thu, Nov 26, 2026, 6:00 PM – Fri, Nov 27, 2026, 2:00 AM PST',
    );
  });

  it('an event without an end reads "Thu, Nov 26, 2026, 6:00 PM PST"', () => {
    expect(eventTimeString(sixPm, null, LA)).toBe('Thu, Nov 26, 2026, 6:00 PM PST');
  });

  it('an end at or before the start is no end at all', () => {
    expect(eventTimeString(sixPm, sixPm, LA)).toBe('Thu, Nov 26, 2026, 6:00 PM PST');
    expect(eventTimeString(eightPm, sixPm, LA)).toBe('Thu, Nov 26, 2026, 8:00 PM PST');
  });

  it('an event across the change to standard time names each end in its own zone', () => {
    // Sat, Oct 31, 2026 11:00 PM PDT until Sun, Nov 1, 2026 1:30 AM PST.
    const start = new Date('2026-11-01T06:00:00Z');
    const end = new Date('2026-11-01T09:30:00Z');
    expect(eventTimeString(start, end, LA)).toBe(
      'Sat, Oct 31, 2026, 11:00 PM PDT – Sun, Nov 1, 2026, 1:30 AM PST',
    );
  });

  it('an all-day event reads "Thu, Nov 26, 2026", its exclusive end the next midnight', () => {
    const day = campusInstant('2026-11-26', '00:00', LA);
    const next = campusInstant('2026-11-27', '00:00', LA);
    expect(eventTimeString(day, next, LA, true)).toBe('Thu, Nov 26, 2026');
    expect(eventTimeString(day, null, LA, true)).toBe('Thu, Nov 26, 2026');
  });

  it('an all-day event over several days names its first and last day', () => {
    const day = campusInstant('2026-11-26', '00:00', LA);
    const after = campusInstant('2026-11-29', '00:00', LA);
    expect(eventTimeString(day, after, LA, true)).toBe('Thu, Nov 26, 2026 – Sat, Nov 28, 2026');
  });

  it('an all-day event whose end comes before its start reads as its start day alone', () => {
    const day = campusInstant('2026-11-26', '00:00', LA);
    const before = campusInstant('2026-11-20', '00:00', LA);
    expect(eventTimeString(day, before, LA, true)).toBe('Thu, Nov 26, 2026');
  });
});
