/** Issue 92: "Book with my advisor", the campus's booking page for the advisor the SIS names. */
import { BOOKING_PLACEHOLDER } from '../../contract/campus.schema.js';
import type { Advisor } from '../../contract/sis/advisors.schema.js';
import { orderAdvisors } from './academics.js';

/**
 * The campus's booking page for the student's advisor (the primary one first, the first with an
 * email): the template with `{email}` replaced by the advisor's email, encoded. None without a
 * template, or without an advisor the SIS gives an email for.
 */
export function bookingUrl(template: string | undefined, advisors: readonly Advisor[]) {
  const email = orderAdvisors(advisors).find((a) => a.ADV_EMAIL_ADDRESS)?.ADV_EMAIL_ADDRESS;
  if (!template || !email) return null;
  return template.replaceAll(BOOKING_PLACEHOLDER, encodeURIComponent(email));
}
