import { createHash, randomBytes } from 'node:crypto';
import type { CalendarSubscription } from '../../contract/calendar.schema.js';
import type { SecretBox } from '../auth/secret-box.js';
import type { CalendarTokenRecord } from '../db/repositories/calendar-tokens.repository.js';

const PURPOSE = 'calendar-token';
/** A sealed token never expires by itself: resetting the link is what ends it. */
const NEVER = new Date('9999-12-31T00:00:00.000Z');

/** `/calendar/<43 characters>.ics`: 256 random bits, base64url. */
export const CALENDAR_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** 256 bits from the system's secure random source. */
export const newCalendarToken = () => randomBytes(32).toString('base64url');

/** What is stored and looked up: a copy of the table gives no one a working address. */
export const hashCalendarToken = (token: string) =>
  createHash('sha256').update(`calendar:${token}`).digest('base64url');

export const calendarPath = (token: string) => `/calendar/${token}.ics`;

export function recordFor(
  userId: number,
  token: string,
  box: SecretBox,
  now: Date,
): CalendarTokenRecord {
  return {
    userId,
    tokenHash: hashCalendarToken(token),
    tokenSealed: box.seal(PURPOSE, token, NEVER),
    createdAt: now,
  };
}

/**
 * What the owner sees: their address, unsealed; or `hidden` when it cannot be unsealed (the
 * server's SESSION_SECRET changed) though it still works.
 */
export function subscriptionOf(
  record: CalendarTokenRecord | undefined,
  box: SecretBox,
  now: Date,
): CalendarSubscription {
  if (!record) return { state: 'none' };
  const created_at = record.createdAt.toISOString();
  const token = box.unseal(PURPOSE, record.tokenSealed, now);
  if (typeof token !== 'string' || hashCalendarToken(token) !== record.tokenHash) {
    return { state: 'hidden', created_at };
  }
  return { state: 'ready', path: calendarPath(token), created_at };
}
