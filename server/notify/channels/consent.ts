/**
 * A person's contact choices as a planner's or a sender's row reads them (portal.md §3). A field a
 * row does not read is left out (undefined): the planners read no email address, so the address is
 * judged at send.
 */
export interface Contact {
  /** `contact_by_email`: 0 is off; anything else, no preferences row included, is on. */
  byEmail?: number | null;
  email?: string | null;
  /** `contact_by_text`: only 1 is on (no preferences row: off). */
  byText?: number | null;
  smsNumber?: string | null;
}

/**
 * The consent rule of portal.md §3, written once: the planners ask it before writing a job and
 * the senders again when it is due (consent may have been withdrawn since). Each answer is the reason
 * a job is dropped, or null when the person may be reached.
 */

/** Email: on unless `contact_by_email` is 0 (no preferences yet: on), to an address they have. */
export function emailRefusal(c: Contact): string | null {
  if (c.byEmail === 0) return 'email not allowed';
  if (c.email !== undefined && !c.email?.trim()) return 'no email address';
  return null;
}

/** A text message: only with `contact_by_text` (no preferences yet: off) and a number. */
export function textRefusal(c: Contact): string | null {
  if (c.byText !== 1) return 'text not allowed';
  if (!c.smsNumber?.trim()) return 'no text number';
  return null;
}
