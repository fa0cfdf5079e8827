import { afterEach, describe, expect, it } from 'vitest';
import { formatCampusDate, formatCampusTime, setFormatLocale } from '../../../../src/lib/time.js';
import { longDay, viewedWhen } from '../../../../src/pages/portal/account/share-words.js';

const ZONE = 'America/Los_Angeles';

describe('dates on the sharing pages (issue 87)', () => {
  afterEach(() => setFormatLocale('en-US'));

  it('are written in the portal’s own date forms, as every other page: "Nov 27, 2026" and "9:14 AM"', () => {
    expect(viewedWhen('2026-11-27T17:14:00.000Z', ZONE)).toEqual({
      day: 'Nov 27, 2026',
      time: '9:14 AM',
    });
    expect(longDay('2027-05-31T06:59:59.000Z', ZONE)).toBe('May 30, 2027');
  });

  it('follow the reader’s language as the portal’s forms do (Spanish)', () => {
    setFormatLocale('es-US');
    const iso = '2026-11-27T17:14:00.000Z';
    expect(viewedWhen(iso, ZONE)).toEqual({
      day: formatCampusDate(iso, ZONE),
      time: formatCampusTime(iso, ZONE),
    });
    expect(viewedWhen(iso, ZONE).day).toMatch(/27 nov 2026/);
  });
});
