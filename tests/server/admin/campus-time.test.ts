import { describe, expect, it } from 'vitest';
import { formatCampus, fromCampusInput, toCampusInput } from '../../../server/admin/campus-time.js';

const LA = 'America/Los_Angeles';

describe('the admin forms speak campus time; the store keeps ISO-8601 UTC', () => {
  it('a campus date-time from the form is stored as the UTC instant it names', () => {
    expect(fromCampusInput('2026-11-26T18:00', LA)).toBe('2026-11-27T02:00:00.000Z');
    expect(fromCampusInput('2026-07-01T09:30:15', LA)).toBe('2026-07-01T16:30:15.000Z');
  });

  it.each([
    '',
    '2026-11-26',
    '2026-11-26 18:00',
    'x2026-11-26T18:00',
    '2026-11-26T18:00Z',
    '2026-11-26T18:00:1',
  ])('anything but YYYY-MM-DDTHH:MM[:SS] is refused: %j', (local) => {
    expect(fromCampusInput(local, LA)).toBeNull();
  });

  it('a date-time of the right shape that names no real time is refused', () => {
    expect(fromCampusInput('2026-13-45T99:99', LA)).toBeNull();
  });

  it('a stored instant is shown in the form as the campus date-time', () => {
    expect(toCampusInput('2026-11-27T02:00:00.000Z', LA)).toBe('2026-11-26T18:00');
  });

  it('a stored instant reads in US English on the campus clock with its zone', () => {
    expect(formatCampus('2026-11-27T02:00:00.000Z', LA)).toBe('Nov 26, 2026 6:00 PM PST');
    expect(formatCampus(new Date('2026-07-01T16:30:00Z'), LA)).toBe('Jul 1, 2026 9:30 AM PDT');
  });
});
