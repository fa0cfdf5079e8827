import { describe, expect, it } from 'vitest';
import { holidayDates, holidayOn } from '../../contract/holidays.rules.js';
import { SAMPLE_HOLIDAYS } from '../../contract/sample-holidays.js';

const holidays = [
  { name: 'Veterans Day', date: '2026-11-11' },
  { name: 'Thanksgiving holiday', date: '2026-11-26', through: '2026-11-27' },
];

describe('campus holidays: no classes meet on a campus holiday', () => {
  it('a date is a holiday on its own day and on every day of a break, through its last day', () => {
    expect(holidayOn(holidays, '2026-11-11')?.name).toBe('Veterans Day');
    expect(holidayOn(holidays, '2026-11-26')?.name).toBe('Thanksgiving holiday');
    expect(holidayOn(holidays, '2026-11-27')?.name).toBe('Thanksgiving holiday');
    expect(holidayOn(holidays, '2026-11-25')).toBeUndefined();
    expect(holidayOn(holidays, '2026-11-28')).toBeUndefined();
  });

  it('lists the holiday dates within a span, each once, in order, cut at both ends', () => {
    const overlapping = [
      ...holidays,
      { name: 'Closure', date: '2026-11-27', through: '2026-11-30' },
    ];
    expect(holidayDates(overlapping, '2026-11-01', '2026-11-29')).toEqual([
      '2026-11-11',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(holidayDates(holidays, '2026-11-27', '2026-12-31')).toEqual(['2026-11-27']);
    expect(holidayDates(holidays, '2026-12-01', '2026-12-31')).toEqual([]);
  });

  it('the sample campus lists its 2026–27 holidays, Thanksgiving among them, each a valid span', () => {
    expect(holidayOn(SAMPLE_HOLIDAYS, '2026-11-26')?.name).toBe('Thanksgiving holiday');
    for (const h of SAMPLE_HOLIDAYS) {
      expect((h.through ?? h.date) >= h.date).toBe(true);
      expect(h.date.startsWith('2026') || h.date.startsWith('2027')).toBe(true);
    }
  });
});
