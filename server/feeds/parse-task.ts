import { z } from 'zod';
import type { GroupFieldMap } from './campus-groups.js';
import type { FeedLimits } from './feed-limits.js';

const feedLimitNameSchema = z.enum(['bytes', 'items', 'expansion', 'depth', 'horizonDays']);

/**
 * Which reader a document goes to. `coursework` is the iCalendar reader for a student's own LMS
 * feed: the same events, each with whether it is all-day (its due time is then the campus day's end).
 * `appointments` reads an office's calendar of appointments (appointments-ical.ts, issue 92).
 */
export type FeedKind = 'ical' | 'coursework' | 'appointments' | 'group-events' | 'news' | 'alerts';

/** What the parse thread is given: plain data only (it crosses a thread boundary by copy). */
export interface ParseTask {
  kind: FeedKind;
  bytes: Uint8Array;
  /** The HTTP Content-Type, for its charset. */
  contentType: string | null;
  /** ISO instant: "now" for recurrence expansion. */
  now: string;
  /** ISO instant: a single event that ended after it is kept (coursework's past-due items). */
  since?: string;
  zone: string;
  limits: FeedLimits;
  groupFields: GroupFieldMap;
  /**
   * How many items come back: events that are public and not over by `now`, soonest first; news in
   * feed order; alerts newest first. Only these cross back, so the answering thread checks a few
   * hundred items, not the 20,000 of a big calendar.
   */
  keep: number;
}

/**
 * What comes back: the items (checked again with their schema on the other side, never trusted),
 * warnings for the log, or the limit that refused the document.
 */
export type ParseOutcome =
  | { ok: true; items: unknown[]; warnings: string[] }
  | { ok: false; limit: keyof FeedLimits; message: string };

/** The outcome as it arrives from the thread: checked, not trusted. */
export const parseOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), items: z.array(z.unknown()), warnings: z.array(z.string()) }),
  z.object({ ok: z.literal(false), limit: feedLimitNameSchema, message: z.string() }),
]);
