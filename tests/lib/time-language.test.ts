import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/lib/i18n.js';
import {
  formatCalendarDate,
  formatClockTime,
  formatEndLong,
  formatEventTime,
  formatLongDate,
  formatShortDate,
} from '../../src/lib/time.js';

describe('dates in the reader’s language (issue 59)', () => {
  afterEach(() => activateLocale('en'));

  it('a deadline reads "jueves, 26 de noviembre de 2026" in Spanish, as Intl writes es-US', async () => {
    await activateLocale('es');
    expect(formatLongDate('2026-11-26T20:00:00Z')).toBe('jueves, 26 de noviembre de 2026');
    expect(formatEndLong('2026-11-27T07:59:59Z', '2026-11-26')).toBe(
      'jueves, 26 de noviembre de 2026',
    );
    expect(formatShortDate('2026-11-26T20:00:00Z')).toBe('26 nov');
    expect(formatCalendarDate('2026-06-16')).toBe('16 jun 2026');
    expect(formatClockTime('13:50')).toBe('1:50 p.m.');
  });

  it('reads US English again, as the specs write it, once English is chosen back', async () => {
    await activateLocale('es');
    await activateLocale('en');
    expect(formatLongDate('2026-11-26T20:00:00Z')).toBe('Thursday, November 26, 2026');
    expect(formatShortDate('2026-11-26T20:00:00Z')).toBe('Nov 26');
    expect(formatClockTime('13:50')).toBe('1:50 PM');
  });
});

describe('event and news times in the reader’s language (issue 76)', () => {
  afterEach(() => activateLocale('en'));
  const zone = 'America/Los_Angeles';

  it('an event reads "sáb, 28 de nov de 2026, 4:00–5:30 p.m." in Spanish, on the campus clock, as Intl writes es-US', async () => {
    await activateLocale('es');
    const when = formatEventTime('2026-11-29T00:00:00Z', '2026-11-29T01:30:00Z', zone, false);
    expect(when).toMatch(/^sáb, 28 de nov de 2026, 4:00–5:30\sp\.\s?m\.$/);
    const start = formatEventTime('2026-11-29T00:00:00Z', null, zone, false);
    expect(start).toMatch(/^sáb, 28 de nov de 2026, 4:00\sp\.\s?m\.$/);
  });

  it('an all-day item reads its day without a time, its end being the next midnight', async () => {
    await activateLocale('es');
    const day = formatEventTime('2026-12-07T08:00:00Z', '2026-12-08T08:00:00Z', zone, true);
    expect(day).toBe('lun, 7 de dic de 2026');
    const days = formatEventTime('2026-12-07T08:00:00Z', '2026-12-09T08:00:00Z', zone, true);
    expect(days).toMatch(/^lun, 7 de dic\s–\smar, 8 de dic de 2026$/);
  });

  it('in US English gives nothing: the server’s datetime_string is the spec’s form', () => {
    expect(formatEventTime('2026-11-29T00:00:00Z', null, zone, false)).toBeNull();
  });
});
