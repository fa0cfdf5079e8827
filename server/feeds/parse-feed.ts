import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { defaultCampusConfig } from '../../contract/campus-config.schema.js';
import type { ServerCampus } from '../../contract/campus-config.schema.js';
import type { Campus } from '../../contract/campus.schema.js';
import { DEFAULT_FEED_LIMITS } from './feed-limits.js';
import type { FeedLimits } from './feed-limits.js';
import { FeedError } from './fetch-feed.js';
import type { FeedDocument } from './fetch-feed.js';
import { parseOffThread } from './parse-pool.js';
import { parseOutcomeSchema } from './parse-task.js';
import type { FeedKind } from './parse-task.js';

export interface ParseRequest {
  /** Names the feed in the log and in a FeedError. */
  component: string;
  kind: FeedKind;
  document: FeedDocument;
  now: Date;
  /**
   * Coursework only: a single (not recurring) event that ended after this is kept too, so a past-due
   * assignment is read; a series still gives its next occurrence after `now`.
   */
  since?: Date;
  /** The campus clock, and the campus-group feed's fields (the sample campus's when not given). */
  campus: Pick<Campus, 'timeZone'> & Partial<Pick<ServerCampus, 'campusGroups'>>;
  /** How many items come back (see ParseTask.keep). */
  keep: number;
  limits?: FeedLimits;
  /** Told of the read's warnings (none: an empty list), for the feed problems staff see. */
  onWarnings?: (warnings: string[]) => void;
}

/**
 * A fetched feed parsed on the parse thread, never on the thread that answers requests. A document
 * over a limit is refused with a log line naming the feed and the limit (the caller's cache then
 * serves the last good copy); items that do not fit `item` are dropped, never trusted.
 */
export async function parseFeedDocument<T>(
  request: ParseRequest,
  item: z.ZodType<T>,
  log: FastifyBaseLogger,
): Promise<T[]> {
  const { component, kind, document, now, campus } = request;
  let answer: unknown;
  try {
    answer = await parseOffThread({
      kind,
      bytes: document.bytes,
      contentType: document.contentType,
      now: now.toISOString(),
      ...(request.since ? { since: request.since.toISOString() } : {}),
      zone: campus.timeZone,
      limits: request.limits ?? DEFAULT_FEED_LIMITS,
      groupFields: campus.campusGroups ?? defaultCampusConfig.campusGroups,
      keep: request.keep,
    });
  } catch (err) {
    throw new FeedError(component, 'the feed could not be parsed', { cause: err });
  }
  const outcome = parseOutcomeSchema.parse(answer);
  if (!outcome.ok) {
    log.warn(
      { component, limit: outcome.limit, reason: outcome.message },
      'feed refused: over its limits',
    );
    throw new FeedError(
      component,
      `the feed is over its ${outcome.limit} limit: ${outcome.message}`,
    );
  }
  for (const warning of outcome.warnings) log.warn({ component, warning }, 'feed warning');
  request.onWarnings?.(outcome.warnings);
  return outcome.items.flatMap((raw) => {
    const parsed = item.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}
