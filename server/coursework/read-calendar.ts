import type { FastifyInstance } from 'fastify';
import { COURSEWORK_ITEMS_MAX, COURSEWORK_PAST_DAYS } from '../../contract/coursework.schema.js';
import type { CourseworkItemRecord } from '../db/repositories/coursework.repository.js';
import { DEFAULT_FEED_LIMITS } from '../feeds/feed-limits.js';
import { FeedError } from '../feeds/fetch-feed.js';
import { parseFeedDocument } from '../feeds/parse-feed.js';
import { english } from '../i18n/said.js';
import type { Said } from '../i18n/said.js';
import { checkFeedAddress, sourceOf } from './feed-address.js';
import type { Resolver } from './feed-address.js';
import { fetchCoursework } from './fetch-coursework.js';
import type { Validators } from './fetch-coursework.js';
import { courseworkEventSchema, toItems } from './items.js';

/**
 * Reading a student's LMS calendar feed (issue 45): the address checked against the campus's LMS
 * hosts, fetched with its validators, refused when it is a web page, and parsed off the event loop
 * into coursework items. The coursework service (coursework.ts) keeps the readings and schedules
 * them; the address is never logged.
 */

/** The component name in log lines: never the address, which is a bearer secret. */
const COMPONENT = 'coursework-feed';

/** A paste the server refused: `detail` says why, in words the student can act on. */
export class CourseworkRefusal extends Error {
  override name = 'CourseworkRefusal';
  constructor(
    /** The sentence, said in the reader's language as the 400's `detail` (issue 76). */
    readonly said: Said,
  ) {
    super(english(said));
  }
}

export type CalendarReading =
  { changed: false } | { changed: true; items: CourseworkItemRecord[]; validators: Validators };

/** One reading of `address`: checked, fetched, parsed off the event loop. */
export async function readCalendar(
  app: FastifyInstance,
  address: string,
  validators: Validators | null,
  options: { ca?: string; resolve?: Resolver },
): Promise<CalendarReading> {
  const { campus, feeds } = app.config;
  const target = await checkFeedAddress(address, campus.lms.calendarHosts, options.resolve);
  if (!target.ok) throw new CourseworkRefusal(target.said);
  const fetched = await fetchCoursework(
    target,
    {
      maxBytes: DEFAULT_FEED_LIMITS.bytes,
      timeoutMs: feeds.timeoutMs,
      ...(options.ca ? { ca: options.ca } : {}),
    },
    validators,
  );
  if (!fetched.changed) return { changed: false };
  const { document } = fetched;
  const head = Buffer.from(document.bytes.subarray(0, 512)).toString('latin1').trimStart();
  if (/^text\/html\b/i.test(document.contentType ?? '') || /^<(!doctype|html)/i.test(head)) {
    throw new CourseworkRefusal(
      /*i18n*/ {
        id: 'coursework.refused.web-page',
        message:
          'That address gave a web page, not a calendar. Copy the calendar feed address (it usually ends in .ics).',
      },
    );
  }
  let events;
  try {
    events = await parseFeedDocument(
      {
        component: COMPONENT,
        kind: 'coursework',
        document,
        now: app.clock(),
        // An assignment already past due when the feed is added (or first read) is kept and shown
        // overdue, as one that came due since is (docs/product.md): ended up to 14 days ago.
        since: new Date(app.clock().getTime() - COURSEWORK_PAST_DAYS * 86_400_000),
        campus,
        keep: COURSEWORK_ITEMS_MAX,
      },
      courseworkEventSchema,
      app.log,
    );
  } catch (err) {
    if (err instanceof FeedError && /over its/.test(err.message)) {
      throw new CourseworkRefusal(
        /*i18n*/ {
          id: 'coursework.refused.too-large',
          message: 'The calendar is larger than a course calendar can be.',
        },
      );
    }
    throw new CourseworkRefusal(
      /*i18n*/ {
        id: 'coursework.refused.unreadable',
        message: 'That address did not give a calendar the portal can read.',
      },
    );
  }
  return {
    changed: true,
    items: toItems(events, sourceOf(new URL(address)), campus.timeZone, new URL(address)),
    validators: fetched.validators,
  };
}
