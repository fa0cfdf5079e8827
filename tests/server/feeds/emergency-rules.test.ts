import { describe, expect, it } from 'vitest';
import { isAlertCurrent } from '../../../server/feeds/emergency-rules.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('emergency alert window (portal.md §5, §9)', () => {
  it('an emergency alert older than 3 days is dropped', () => {
    expect(isAlertCurrent(ago(72 + 0.01), now)).toBe(false);
    expect(isAlertCurrent(ago(24 * 5), now)).toBe(false);
  });

  it('an emergency alert of the last 3 days is kept, up to exactly 3 days', () => {
    expect(isAlertCurrent(ago(1), now)).toBe(true);
    expect(isAlertCurrent(ago(72), now)).toBe(true);
  });

  it('an emergency alert without a date is dropped', () => {
    expect(isAlertCurrent(undefined, now)).toBe(false);
    expect(isAlertCurrent('', now)).toBe(false);
    expect(isAlertCurrent('not a date', now)).toBe(false);
  });

  it('an alert dated slightly ahead of the server clock is current', () => {
    expect(isAlertCurrent(ago(-0.1), now)).toBe(true);
  });
});
