import type { Parts } from './time.js';

/** US English's short month names, three letters each. */
const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';

/**
 * The short style's fields of an instant in UTC, the zone of Next Steps' dates (§9), counted from
 * the instant itself, as Intl's US English writes them (tests/lib/time.test.ts holds them to
 * Intl's). A page's first formatter loads the engine's date rules, 80 to 130 ms under a phone's 4x
 * slowdown, in the task that takes a drawn task list over (issue 75), whose dates are all of this
 * style; this needs none. Installed by Next Steps (`countUtcShort`, lib/time.ts). Null outside the
 * years Intl writes as four plain digits.
 */
export function utcShortParts(date: Date): Parts | null {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return null;
  const month = date.getUTCMonth() * 3;
  const hour = date.getUTCHours();
  return {
    weekday: '',
    month: MONTHS.slice(month, month + 3),
    day: String(date.getUTCDate()),
    year: String(year),
    hour: String(hour % 12 || 12),
    minute: String(date.getUTCMinutes()).padStart(2, '0'),
    dayPeriod: hour < 12 ? 'AM' : 'PM',
  };
}
