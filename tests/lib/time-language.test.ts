import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/lib/i18n.js';
import {
  formatCalendarDate,
  formatClockTime,
  formatEndLong,
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
