import type { AlertSeverity } from '../../contract/alerts.schema.js';

/** portal.md §9: alerts are kept 3 days. */
export const ALERT_WINDOW_MS = 3 * 24 * 3_600_000;

/**
 * portal.md §5: an emergency alert older than 3 days, or without a (readable) date, is dropped.
 * An alert dated a little ahead of our clock (the feed's clock runs fast) is current.
 */
export function isAlertCurrent(pubDate: string | undefined, now: Date): boolean {
  if (!pubDate) return false;
  const at = Date.parse(pubDate);
  if (Number.isNaN(at)) return false;
  return now.getTime() - at <= ALERT_WINDOW_MS;
}

/**
 * Whether an alert has ended (issue 62): a CAP Cancel (or Update) naming it in `references` retires
 * it; past its `expires` (CAP, Atom `age:expires`, RSS `expirationDate`) it has expired. An alert
 * that ended leaves the live list and is kept in the history. Null while it is live.
 */
export function alertEnding(
  alert: { capId?: string | undefined; expires?: string | undefined },
  retired: ReadonlySet<string>,
  now: Date,
): 'expired' | 'cancelled' | null {
  if (alert.capId && retired.has(alert.capId)) return 'cancelled';
  if (alert.expires && Date.parse(alert.expires) <= now.getTime()) return 'expired';
  return null;
}

/**
 * The portal labels every alert itself ("Emergency alert:", "All clear:"), so a label the
 * notification system already wrote at the start of the title ("ALERT:", "Emergency Alert -",
 * "[Campus Alert]") is taken off, however many there are.
 */
export function withoutAlertPrefix(title: string): string {
  const prefix =
    /^\s*(?:\[[^\]]{0,40}\balert\]|[\w .'-]{0,30}?\b(?:emergency\s+)?alert\s*[:\-–—])\s*/i;
  let rest = title;
  for (
    let match = prefix.exec(rest);
    match && match[0].length < rest.length;
    match = prefix.exec(rest)
  ) {
    rest = rest.slice(match[0].length);
  }
  return rest.trim();
}

export interface SeveritySignals {
  title: string;
  /** CAP `severity`: Extreme, Severe, Moderate, Minor, Unknown. */
  capSeverity: string;
  /** CAP `msgType`: Alert, Update, Cancel, Ack, Error. */
  capMsgType: string;
  /** CAP `responseType`: Shelter, Evacuate, …, AllClear, None. */
  capResponse: string;
  /** The RSS item's `category`. */
  category: string;
  /**
   * The item's text. Rave-format feeds title every item alike ("Campus Alert") and say what it is
   * in the text: only its opening words count ("ALL CLEAR: …"), never an "until the all clear" inside.
   */
  description?: string;
}

const ALL_CLEAR =
  /\ball[\s-]*clear\b|\b(?:threat|lockdown|warning|alert|order)\s+(?:has\s+been\s+)?(?:lifted|ended|cancell?ed|resolved)\b/i;
const TEST = /\btest(?:ing)?\b/i;
/** A text that opens by saying the threat is over. */
const OPENS_ALL_CLEAR = /^\W{0,3}all[\s-]*clear\b/i;
/** A text that opens by saying it is a test. */
const OPENS_TEST = /^\W{0,3}(?:this\s+is\s+(?:a|only\s+a)\s+)?test\b/i;
const ADVISORY = /\b(?:advisory|update|notice|reminder|information(?:al)?)\b/i;

/**
 * How an alert is shown (an all-clear is not a threat). CAP fields decide when the feed gives them;
 * otherwise the words of the title and category. Anything not plainly an all-clear, a test or an
 * advisory is an emergency: a threat must never look routine.
 */
export function alertSeverity(s: SeveritySignals): AlertSeverity {
  if (/^allclear$/i.test(s.capResponse) || /^cancel$/i.test(s.capMsgType)) return 'all-clear';
  const words = `${s.category} ${s.title}`;
  const text = s.description?.trim() ?? '';
  if (ALL_CLEAR.test(words) || OPENS_ALL_CLEAR.test(text)) return 'all-clear';
  if (TEST.test(words) || OPENS_TEST.test(text)) return 'test';
  if (/^(?:extreme|severe)$/i.test(s.capSeverity)) return 'emergency';
  if (/^(?:moderate|minor)$/i.test(s.capSeverity) || ADVISORY.test(words)) return 'advisory';
  return 'emergency';
}
