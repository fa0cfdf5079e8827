import { z } from 'zod';

/** The years an instant the portal stores may fall in: nothing real is older or further ahead. */
export const INSTANT_YEARS = { min: 1970, max: 2200 } as const;

/**
 * An instant sent to the API: ISO-8601 with a `Z` or an offset, a four-digit year (no `+010000`),
 * a real calendar day (zod's check), and within `INSTANT_YEARS` (no year 0000). Every date a request
 * body carries uses this one schema.
 */
export const instantInputSchema = instantInput(
  `must be an ISO-8601 instant between ${INSTANT_YEARS.min} and ${INSTANT_YEARS.max}`,
);

/** The same rule with a form's own wording (the admin shows it next to the field). */
export function instantInput(message: string) {
  return z.iso.datetime({ offset: true, error: message }).refine((text) => {
    const year = new Date(text).getUTCFullYear();
    return year >= INSTANT_YEARS.min && year <= INSTANT_YEARS.max;
  }, message);
}
