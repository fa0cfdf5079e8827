import { z } from 'zod';

/**
 * Coursework deadlines (issue 45, step 1): a student's own LMS calendar feed (Canvas, Moodle,
 * Brightspace, Blackboard all give one) and the coursework items read from it. The feed's address
 * is a bearer secret: it is sent to the server once, and never comes back whole.
 */

/**
 * An item's link back to the LMS: http(s) only, as every feed's links (events.schema.ts's
 * httpUrlSchema). Written here rather than imported: the browser loads coursework in chunks of its
 * own, and an import of the events schema would split that schema out of the portal's first route.
 */
const itemLinkSchema = /* @__PURE__ */ z.url({
  protocol: /^https?$/,
  error: 'must be an http(s) URL',
});

/** The longest feed address accepted (a Canvas or Moodle one is under 200 characters). */
export const COURSEWORK_ADDRESS_MAX = 2048;
/**
 * How long an item stays after its due time (issue 45): shown overdue in Next Steps until the student
 * marks it done, as a checklist task is, and then gone at the next reading.
 */
export const COURSEWORK_PAST_DAYS = 14;
/** At most one reading of the campus LMS on demand per student in this long (issue 56). */
export const COURSEWORK_REFRESH_COOLDOWN_MS = 60_000;
/** The most coursework items kept for one student (the soonest first). */
export const COURSEWORK_ITEMS_MAX = 500;

/** `PUT /api/coursework/feed`: the address the student pasted. */
export const courseworkFeedChangeSchema = /* @__PURE__ */ z.strictObject({
  address: z.string().trim().min(1, 'Paste the calendar feed address.').max(COURSEWORK_ADDRESS_MAX),
});
export type CourseworkFeedChange = z.infer<typeof courseworkFeedChangeSchema>;

/** Which LMS the feed is from, for the link's words ("Open in Canvas"). */
export const courseworkSourceSchema = /* @__PURE__ */ z.enum(['canvas', 'moodle', 'other']);
export type CourseworkSource = z.infer<typeof courseworkSourceSchema>;

/**
 * How the last reading of the feed went: `current` (read on schedule), `stale` (the last reading
 * failed for a while; the items shown are the last good ones), `broken` (the LMS refused the address:
 * 401, 403 or 404 — polling stops until the student pastes a new one).
 */
export const courseworkFeedStatusSchema = /* @__PURE__ */ z.enum(['current', 'stale', 'broken']);
export type CourseworkFeedStatus = z.infer<typeof courseworkFeedStatusSchema>;

/**
 * How the coursework comes: a calendar feed address the student pasted (step 1), or the campus's
 * Canvas connected by OAuth 2, read through its Planner API with submission state and "Mark done"
 * kept in Canvas too (step 2, when the campus configures a Canvas developer key).
 */
export const courseworkKindSchema = /* @__PURE__ */ z.enum(['calendar', 'canvas']);
export type CourseworkKind = z.infer<typeof courseworkKindSchema>;

/** The student's feed as the browser sees it: never the address itself, only a masked form. */
export const courseworkFeedSchema = /* @__PURE__ */ z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({
    state: z.literal('connected'),
    /** Absent in answers kept from before Canvas connections: a calendar feed. */
    kind: courseworkKindSchema.optional(),
    /** The address masked (its origin and last characters), or the Canvas site connected. */
    masked: z.string().max(200),
    source: courseworkSourceSchema,
    status: courseworkFeedStatusSchema,
    /** When the feed was last read successfully (ISO-8601 UTC), null before the first success. */
    read_at: z.iso.datetime().nullable(),
    /**
     * Before this time (ISO-8601 UTC) a refresh reads nothing new: the LMS is read on demand at most
     * once a minute per student (`COURSEWORK_REFRESH_COOLDOWN_MS`). Null or absent: now.
     */
    refresh_after: z.iso.datetime().nullable().optional(),
  }),
]);
export type CourseworkFeed = z.infer<typeof courseworkFeedSchema>;

/** One coursework item: an assignment, quiz or other dated entry of the LMS calendar. */
export const courseworkItemSchema = /* @__PURE__ */ z.object({
  /** Stable within the feed: the event's UID and due time. */
  id: z.string().min(1).max(600),
  /** The title without Canvas's "[Course]" suffix. */
  title: z.string().min(1).max(500),
  /** The course, when the feed names it (Canvas's bracketed suffix), else null. */
  course: z.string().max(200).nullable(),
  /** When it is due (ISO-8601 UTC); an all-day item is due at the end of that campus day. */
  due: z.iso.datetime(),
  all_day: z.boolean(),
  /** The item in the LMS (http(s) only), or null. */
  link: itemLinkSchema.nullable(),
  source: courseworkSourceSchema,
  /**
   * `deadline`: something to hand in, "Due …" with Mark done; `event`: a calendar event (a Canvas
   * calendar event, Moodle's "… opens"), shown with its time and no Mark done. Absent in answers
   * kept from before: a deadline.
   */
  kind: z.enum(['deadline', 'event']).optional(),
  /** False when the feed is not current (stale or broken): the item may have changed since. */
  current: z.boolean(),
  /** Marked done in the portal (kept by the item's UID, so it stays done across readings). */
  done: z.boolean(),
  /** From a Canvas connection: what Canvas says of the student's submission, else null. */
  submission: z.enum(['graded', 'submitted', 'missing', 'excused']).nullable().optional(),
});
export type CourseworkItem = z.infer<typeof courseworkItemSchema>;

/** `PUT /api/coursework/done`: marks one item done in the portal, or not done again (undo). */
export const courseworkDoneChangeSchema = /* @__PURE__ */ z.strictObject({
  id: courseworkItemSchema.shape.id,
  done: z.boolean(),
});
export type CourseworkDoneChange = z.infer<typeof courseworkDoneChangeSchema>;

/** `GET /api/coursework`, and the answer of every change: the feed and its items, soonest first. */
export const courseworkSchema = /* @__PURE__ */ z.object({
  feed: courseworkFeedSchema,
  /** The campus has Canvas set up: the student may connect it instead of pasting a feed. */
  canvas_available: z.boolean().optional(),
  items: z.array(courseworkItemSchema).max(COURSEWORK_ITEMS_MAX),
});
export type Coursework = z.infer<typeof courseworkSchema>;

/** `POST /api/coursework/canvas`: where the browser goes to let Canvas ask the student. */
export const canvasConnectSchema = /* @__PURE__ */ z.object({
  url: z.url({ protocol: /^https?$/ }),
});
export type CanvasConnect = z.infer<typeof canvasConnectSchema>;

/**
 * How connecting Canvas ended, as the server's callback sends the student back to Account
 * (`/account?canvas=`): connected, refused (expired, used, not this browser's, or access denied) or
 * failed (Canvas did not answer as it should).
 */
export type CanvasOutcome = 'connected' | 'refused' | 'failed';
