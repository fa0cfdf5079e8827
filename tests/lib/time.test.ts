import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDateTime,
  formatEndLong,
  formatEndShort,
  formatLongDate,
  formatCampusDate,
  campusDay,
  formatShortDate,
} from '../../src/lib/time.js';

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

describe('UTC dates counted from the instant, not by Intl (issue 75: no date rules loaded in the takeover)', () => {
  const intl = (date: Date, options: Intl.DateTimeFormatOptions) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      ...options,
      timeZone: 'UTC',
      hourCycle: 'h12',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]);
    return Object.fromEntries(parts) as Record<string, string>;
  };
  // Every hour of a leap day and around the year's turn, the first of each month, far years and
  // the last instant of a day: where a counted field would most likely go wrong.
  const instants = [
    ...Array.from({ length: 24 }, (_, h) => Date.UTC(2028, 1, 29, h, h * 2 + 1)),
    ...Array.from({ length: 12 }, (_, m) => Date.UTC(2026, m, 1, 0, 0)),
    Date.UTC(1999, 11, 31, 23, 59, 59, 999),
    Date.UTC(2000, 0, 1, 0, 0),
    Date.UTC(1000, 0, 1, 12, 0),
    Date.UTC(9999, 11, 31, 12, 0),
    Date.UTC(999, 5, 1, 12, 0),
  ].map((ms) => new Date(ms));

  it.each(instants.map((date) => [date.toISOString(), date] as const))(
    '%s is written as Intl writes it in US English',
    (_, date) => {
      const iso = date.toISOString();
      const s = intl(date, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
      expect(formatShortDate(iso)).toBe(`${s.month} ${s.day}`);
      expect(formatDateTime(iso)).toBe(
        `${s.month} ${s.day}, ${s.year}, ${s.hour}:${s.minute} ${s.dayPeriod?.toUpperCase()}`,
      );
      const l = intl(date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
      expect(formatLongDate(iso)).toBe(`${l.weekday}, ${l.month} ${l.day}, ${l.year}`);
      const n = intl(date, { weekday: 'short', month: '2-digit', day: '2-digit', year: 'numeric' });
      expect(campusDay(date, 'UTC').date).toBe(`${n.year}-${n.month}-${n.day}`);
    },
  );
});
