import { formatPhoneNumber } from '../../contract/phone.rules.js';

/**
 * portal.md §5: a phone number as a person reads it, by the one phone rule (contract/phone.rules.ts):
 * `(503) 555-0142` in the campus's country, `+44 20 7946 0958` otherwise; '' when it is not a
 * number. Only the Account and settings pages import this (the rule's metadata stays out of the
 * portal's first page); the safety number arrives formatted in the campus configuration.
 */
export function formatPhone(raw: string | null | undefined, country: string): string {
  return formatPhoneNumber(raw, country);
}
