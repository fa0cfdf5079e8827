/**
 * What one feed may cost the server. A feed past any of these is refused as a whole (its last good
 * copy answers): a bigger feed is a broken or hostile upstream, not a calendar a person reads.
 */
export interface FeedLimits {
  /** Bytes of the document as fetched (before decoding). */
  bytes: number;
  /** Items in the document: VEVENTs, RSS items, Atom entries. */
  items: number;
  /** Recurrence occurrences stepped through, over the whole calendar. */
  expansion: number;
  /** Nesting depth of an XML document. */
  depth: number;
  /** How far ahead of now a recurring series is expanded, in days: the window the portal shows. */
  horizonDays: number;
}

/**
 * A 2 MB university calendar holds about 20,000 events; these leave room for twice that and refuse
 * what no campus publishes (a million-occurrence hourly series, an element nested 1,000 deep).
 */
export const DEFAULT_FEED_LIMITS: FeedLimits = {
  bytes: 4 * 1024 * 1024,
  items: 50_000,
  expansion: 250_000,
  depth: 64,
  horizonDays: 366,
};

/** A feed went past one of its limits; `limit` names which, for the log line. */
export class FeedLimitError extends Error {
  override name = 'FeedLimitError';
  constructor(
    readonly limit: keyof FeedLimits,
    message: string,
  ) {
    super(message);
  }
}
