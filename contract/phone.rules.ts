import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * The one phone-number rule (issue 41): what a text-message number is, how it is stored (E.164,
 * `+15035550142`), and how it is shown. A number is read in the campus's country
 * (`campus.phone.defaultCountry`) unless it starts with `+` and its country code. libphonenumber's
 * `min` metadata (lengths and leading digits of every country, about 80 KB) is enough to tell a
 * number from a typo; it is loaded only by the server and the Account/settings pages, never by the
 * portal's first page.
 */

/** What a person may type: digits with spaces, dots, dashes and parentheses, an optional leading +. */
const TYPED = /^\+?[0-9 ().-]{1,40}$/;

export const PHONE_PROBLEM =
  'must be a phone number we can text: with its area code, or + and the country code';

/** Whether a country code is one the rule knows (`US`, `CA`, `GB`, …): checked at start-up. */
export const isPhoneCountry = (country: string): boolean => isSupportedCountry(country);

/** A number as stored (E.164), or undefined when it is not a valid number of any country. */
export function toE164(typed: string, defaultCountry: string): string | undefined {
  const text = typed.trim();
  if (!TYPED.test(text) || !isSupportedCountry(defaultCountry)) return undefined;
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  // An extension cannot receive a text; `isValid` checks the country's lengths and prefixes.
  if (!parsed || parsed.ext || !parsed.isValid()) return undefined;
  return parsed.number;
}

/** The text-message number of a form or request: stored as E.164, null to remove it. */
export const smsNumberSchema = (defaultCountry: string) =>
  z
    .string()
    .nullable()
    .transform((typed, context) => {
      if (typed === null || typed.trim() === '') return null;
      const number = toE164(typed, defaultCountry);
      if (number === undefined) context.addIssue({ code: 'custom', message: PHONE_PROBLEM });
      return number ?? z.NEVER;
    });

/**
 * A number as a person reads it: `(503) 555-0142` in the campus's country, `+44 20 7946 0958`
 * otherwise; '' when it is not a number (the caller says "not on record").
 */
export function formatPhoneNumber(raw: string | null | undefined, defaultCountry: string): string {
  const text = (raw ?? '').trim();
  if (!text || !isSupportedCountry(defaultCountry)) return '';
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  if (!parsed?.isPossible()) return '';
  const shown =
    parsed.country === defaultCountry ? parsed.formatNational() : parsed.formatInternational();
  return shown;
}
