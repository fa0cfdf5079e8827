/**
 * The one rule of what the portal takes as a person's email address: one RFC 5322 addr-spec
 * (`local@domain`), nothing else. Not a display name (`Ana <ana@x.edu>`), not a list (`a@x.edu,
 * b@y.edu`), not a group (`team: a@x.edu;`), no CR/LF (a header injection), no comments or quoted
 * local parts. Addresses come from the identity provider and the SIS; a mail library given an
 * address it can parse as several would send to several people, so anything that is not exactly one
 * address is refused where it enters and again before a send.
 *
 * Stricter than RFC 5322 on purpose: the local part is a dot-atom (no quoted strings, which no
 * campus directory issues and which carry the very characters above), the domain a host name of
 * letters, digits and hyphens (no address literals), in ASCII. Lengths follow RFC 5321: at most 64
 * characters before the `@`, 255 after, 254 in all (what fits in a `RCPT TO:<…>` path).
 */

export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;
const LABEL_MAX_LENGTH = 63;

/** RFC 5322 atext: letters, digits and ``!#$%&'*+-/=?^_`{|}~``. */
const ATOM = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+$/;
/** One DNS label: letters, digits and inner hyphens. */
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** Whether `value` is exactly one addr-spec by the rule above. */
export function isEmailAddress(value: string): boolean {
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > LOCAL_MAX_LENGTH) return false;
  if (!local.split('.').every((atom) => ATOM.test(atom))) return false;
  const labels = domain.split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => label.length <= LABEL_MAX_LENGTH && LABEL.test(label))
  );
}

/**
 * An address as a log line may show it: its domain, and how long its local part was, never the
 * local part itself (a person's name, often), nor anything that could split a log line.
 */
export function maskedEmail(value: string): string {
  const at = value.lastIndexOf('@');
  const domain = at === -1 ? '' : value.slice(at + 1);
  const safeDomain = /^[A-Za-z0-9.-]{1,255}$/.test(domain) ? domain : '(unreadable)';
  return `[${value.length} characters]@${safeDomain}`;
}
