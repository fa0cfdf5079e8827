import { z } from 'zod';

/**
 * The years an instant or a day the portal stores may fall in: nothing real is older or further
 * ahead. One rule for every date a request carries, an instant or a calendar day.
 */
export const INSTANT_YEARS = { min: 1970, max: 2200 } as const;

/** Whether a year is within `INSTANT_YEARS`. */
const inYears = (year: number) => year >= INSTANT_YEARS.min && year <= INSTANT_YEARS.max;

/**
 * An instant sent to the API: ISO-8601 with a `Z` or an offset, a four-digit year (no `+010000`),
 * a real calendar day (zod's check), and within `INSTANT_YEARS` (no year 0000). Every instant a
 * request carries uses this one schema; a calendar day, `dayInputSchema`.
 */
// Pure: a browser bundle that reads no request body's date leaves them out.
export const instantInputSchema = /* @__PURE__ */ instantInput(
  `must be an ISO-8601 instant between ${INSTANT_YEARS.min} and ${INSTANT_YEARS.max}`,
);

/** The same rule with a form's own wording (the admin shows it next to the field). */
export function instantInput(message: string) {
  return z.iso.datetime({ offset: true, error: message }).refine((text) => {
    return inYears(new Date(text).getUTCFullYear());
  }, message);
}

/**
 * A calendar day sent to the API (`YYYY-MM-DD`, a task's due day, an admin date field): a real
 * calendar day (zod's check) within `INSTANT_YEARS`, the instants' years. Every day a request
 * carries uses this one schema.
 */
export const dayInputSchema = /* @__PURE__ */ dayInput(
  `must be a day (YYYY-MM-DD) between ${INSTANT_YEARS.min} and ${INSTANT_YEARS.max}`,
);

/** The same rule with a form's own wording. */
export function dayInput(message: string) {
  return z.iso
    .date({ error: message })
    .refine((text) => inYears(Number(text.slice(0, 4))), message);
}
