/**
 * A refused address, in one wording wherever the reach page and its export count or list one: a
 * dropped job whose recipient's address the portal's check, the mail server, the push service or
 * the text provider refused for good (mailer.ts, smtp-refusal.ts, push-sender.ts, texter.ts). Any
 * other dropped job was no longer needed when its time came (consent withdrawn, message retracted).
 */
export const ADDRESS_REFUSED = 'address refused';
export const NOT_NEEDED = 'not needed';

/** The reasons the senders give when they drop a job for its address (their own words). */
const REFUSALS = [
  /^the recipient is not one email address$/,
  /^refused by the mail server: /,
  /^push endpoint refused: /,
  /^the push service no longer knows the device$/,
  /^not a valid phone number$/,
  /^Twilio 400\b/,
];

export const isRefusedAddress = (reason: string | null | undefined): boolean =>
  reason !== null && reason !== undefined && REFUSALS.some((r) => r.test(reason));

/** What a dropped job is called: "address refused" or "not needed". */
export const droppedWords = (reason: string | null | undefined) =>
  isRefusedAddress(reason) ? ADDRESS_REFUSED : NOT_NEEDED;
