import { beforeAll, describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDateTime,
  formatEndLong,
  formatEndShort,
  formatLongDate,
  formatCampusDate,
  countUtcShort,
  formatShortDate,
} from '../../src/lib/time.js';
import { utcShortParts } from '../../src/lib/utc-short.js';

describe('dates in US English with the UTC time zone', () => {
  it('the short form is month and day', () => {
    expect(formatShortDate('2026-09-15T23:59:00.000Z')).toBe('Sep 15');
  });

  it('the long form includes the weekday', () => {
    expect(formatLongDate('2026-09-15T23:59:00.000Z')).toBe('Tuesday, September 15, 2026');
  });

  it('the date-time form includes hour and minute', () => {
    expect(formatDateTime('2026-09-15T14:05:00.000Z')).toBe('Sep 15, 2026, 2:05 PM');
  });

  it('uses UTC, not the local zone: a late UTC evening stays on its UTC day', () => {
    expect(formatShortDate('2026-01-01T23:30:00-08:00')).toBe('Jan 2');
  });

  it('a date-only end shows as its own day, not the next UTC day its end-of-campus-day instant falls on', () => {
    // The end of Thu Nov 26 on the campus clock is Nov 27, 07:59:59.999 UTC.
    expect(formatEndShort('2026-11-27T07:59:59.999Z', '2026-11-26')).toBe('Nov 26');
    expect(formatEndLong('2026-11-27T07:59:59.999Z', '2026-11-26')).toBe(
      'Thursday, November 26, 2026',
    );
    // A timed end keeps the UTC forms.
    expect(formatEndShort('2026-11-27T07:59:59.999Z', null)).toBe('Nov 27');
  });

  it('a campus calendar day shows as that day, whatever the local zone: 2026-10-15 → Oct 15, 2026', () => {
    expect(formatCalendarDate('2026-10-15')).toBe('Oct 15, 2026');
    expect(formatCalendarDate('2099-12-31')).toBe('Dec 31, 2099');
  });

  it('one instant read again in another form or zone gets that form, not the remembered one', () => {
    const instant = '2026-09-15T02:05:00.000Z';
    for (let round = 0; round < 2; round += 1) {
      expect(formatShortDate(instant)).toBe('Sep 15');
      expect(formatLongDate(instant)).toBe('Tuesday, September 15, 2026');
      expect(formatDateTime(instant)).toBe('Sep 15, 2026, 2:05 AM');
      expect(formatCampusDate(instant, 'America/Los_Angeles')).toBe('Sep 14, 2026');
    }
  });
});

describe("UTC dates in the short style counted from the instant, not by Intl (issue 75: no date rules loaded in the list's takeover)", () => {
  const intl = (date: Date) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      hourCycle: 'h12',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]);
    return Object.fromEntries(parts) as Record<string, string>;
  };
  // Every hour of a leap day, the first of each month, far years and the last instant of a day:
  // where a counted field would most likely go wrong.
  const instants = [
    ...Array.from({ length: 24 }, (_, h) => Date.UTC(2028, 1, 29, h, h * 2 + 1)),
    ...Array.from({ length: 12 }, (_, m) => Date.UTC(2026, m, 1, 0, 0)),
    Date.UTC(1999, 11, 31, 23, 59, 59, 999),
    Date.UTC(2000, 0, 1, 0, 0),
    Date.UTC(1000, 0, 1, 12, 0),
    Date.UTC(9999, 11, 31, 12, 0),
  ].map((ms) => new Date(ms));
  beforeAll(() => countUtcShort(utcShortParts));

  it.each(instants.map((date) => [date.toISOString(), date] as const))(
    '%s is counted as Intl writes it in US English, and shown so',
    (_, date) => {
      const s = intl(date);
      expect(utcShortParts(date)).toEqual({
        weekday: '',
        month: s.month,
        day: s.day,
        year: s.year,
        hour: s.hour,
        minute: s.minute,
        dayPeriod: s.dayPeriod,
      });
      const iso = date.toISOString();
      expect(formatShortDate(iso)).toBe(`${s.month} ${s.day}`);
      expect(formatDateTime(iso)).toBe(
        `${s.month} ${s.day}, ${s.year}, ${s.hour}:${s.minute} ${s.dayPeriod?.toUpperCase()}`,
      );
    },
  );

  it('leaves a year Intl writes otherwise to Intl', () => {
    expect(utcShortParts(new Date(Date.UTC(999, 5, 1)))).toBeNull();
    expect(formatShortDate(new Date(Date.UTC(999, 5, 1)).toISOString())).toBe('Jun 1');
  });
});
