import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUIET_HOURS,
  heldByQuietHours,
  quietUntil,
} from '../../../server/notify/quiet-hours.js';

const LA = 'America/Los_Angeles';
const NIGHT = DEFAULT_QUIET_HOURS;
const until = (iso: string, hours = NIGHT) => quietUntil(new Date(iso), hours, LA)?.toISOString();

describe('quiet hours in campus time (issue 29: what falls inside waits for the morning)', () => {
  it('the default quiet hours are 21:00 to 08:00', () => {
    expect(NIGHT).toEqual({ start: '21:00', end: '08:00' });
  });

  it('a window crossing midnight holds the evening until 08:00 the next morning', () => {
    // Mon Nov 23 2026, 21:30 PST.
    expect(until('2026-11-24T05:30:00Z')).toBe('2026-11-24T16:00:00.000Z');
  });

  it('a window crossing midnight holds the small hours until 08:00 the same morning', () => {
    // Tue Nov 24 2026, 06:00 PST.
    expect(until('2026-11-24T14:00:00Z')).toBe('2026-11-24T16:00:00.000Z');
  });

  it('the start is inside the window and the end is not', () => {
    expect(until('2026-11-24T05:00:00Z')).toBe('2026-11-24T16:00:00.000Z'); // 21:00
    expect(until('2026-11-24T16:00:00Z')).toBeUndefined(); // 08:00
    expect(until('2026-11-24T04:59:00Z')).toBeUndefined(); // 20:59
  });

  it('the daytime is outside the window', () => {
    expect(until('2026-11-24T20:00:00Z')).toBeUndefined(); // 12:00 PST
  });

  it('a window within one day holds only its own hours', () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(until('2026-11-24T20:15:00Z', lunch)).toBe('2026-11-24T21:30:00.000Z'); // 12:15
    expect(until('2026-11-24T19:59:00Z', lunch)).toBeUndefined(); // 11:59
    expect(until('2026-11-24T05:30:00Z', lunch)).toBeUndefined(); // 21:30
  });

  it('a window whose start equals its end holds nothing', () => {
    expect(until('2026-11-24T05:30:00Z', { start: '21:00', end: '21:00' })).toBeUndefined();
  });

  it('across the March change (clocks go forward) the morning is still 08:00 campus time, ten hours after 22:00', () => {
    // Sat Mar 7 2026, 22:00 PST; Sun Mar 8 02:00 PST becomes 03:00 PDT.
    expect(until('2026-03-08T06:00:00Z')).toBe('2026-03-08T15:00:00.000Z'); // 08:00 PDT
    // Sun Mar 8, 04:00 PDT: after the change, the same morning's end.
    expect(until('2026-03-08T11:00:00Z')).toBe('2026-03-08T15:00:00.000Z');
    // Sun Mar 8, 21:30 PDT: the next morning, Mon Mar 9 08:00 PDT.
    expect(until('2026-03-09T04:30:00Z')).toBe('2026-03-09T15:00:00.000Z');
  });

  it('across the November change (clocks go back) the morning is still 08:00 campus time, eleven hours after 22:00', () => {
    // Sat Oct 31 2026, 22:00 PDT; Sun Nov 1 02:00 PDT becomes 01:00 PST.
    expect(until('2026-11-01T05:00:00Z')).toBe('2026-11-01T16:00:00.000Z'); // 08:00 PST
    // 01:30 happens twice: first in PDT, then in PST; both wait for the same 08:00 PST.
    expect(until('2026-11-01T08:30:00Z')).toBe('2026-11-01T16:00:00.000Z');
    expect(until('2026-11-01T09:30:00Z')).toBe('2026-11-01T16:00:00.000Z');
    // 08:00 PST is the end: not held.
    expect(until('2026-11-01T16:00:00Z')).toBeUndefined();
    // 07:59 PST is still inside (it would be 08:59 on the day before's clock).
    expect(until('2026-11-01T15:59:00Z')).toBe('2026-11-01T16:00:00.000Z');
  });

  it('push and text are held by quiet hours; email is not, nor an emergency alert push', () => {
    expect(heldByQuietHours('push', 'deadlines')).toBe(true);
    expect(heldByQuietHours('sms', 'deadlines')).toBe(true);
    expect(heldByQuietHours('email', 'deadlines')).toBe(false);
    expect(heldByQuietHours('push', 'alerts')).toBe(false);
  });

  it('an appointment’s hour-before reminder is time-critical and never held; its evening-before one is held as any reminder (issue 92)', () => {
    const key = (lead: string, channel: string) =>
      `appointment:7:12:${lead}:2026-12-03T18:00:00.000Z:${channel}`;
    expect(heldByQuietHours('sms', 'appointments', key('hour', 'sms'))).toBe(false);
    expect(heldByQuietHours('push', 'appointments', key('hour', 'push:3'))).toBe(false);
    expect(heldByQuietHours('sms', 'appointments', key('evening', 'sms'))).toBe(true);
    expect(heldByQuietHours('push', 'appointments', key('evening', 'push:3'))).toBe(true);
  });
});
