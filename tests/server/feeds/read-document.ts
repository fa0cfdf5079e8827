import { z } from 'zod';
import { defaultCampusConfig } from '../../../contract/campus-config.schema.js';
import type { GroupFieldMap } from '../../../server/feeds/campus-groups.js';
import type { ParsedAlert } from '../../../server/feeds/emergency-parse.js';
import { DEFAULT_FEED_LIMITS } from '../../../server/feeds/feed-limits.js';
import type { FeedLimits } from '../../../server/feeds/feed-limits.js';
import type { FeedKind, ParseOutcome } from '../../../server/feeds/parse-task.js';
import { sourceEventSchema } from '../../../server/feeds/pending-event.js';
import type { SourceEvent } from '../../../server/feeds/pending-event.js';
import parseFeed from '../../../server/feeds/parse-worker.js';

export const LA = 'America/Los_Angeles';

export interface ReadOptions {
  contentType?: string | null;
  now?: Date;
  zone?: string;
  limits?: Partial<FeedLimits>;
  groupFields?: GroupFieldMap;
  keep?: number;
}

/** A feed document through the parse thread's own task, on this thread (what the pool runs). */
export function readDocument(
  kind: FeedKind,
  document: string | Uint8Array,
  options: ReadOptions = {},
): ParseOutcome {
  return parseFeed({
    kind,
    bytes: typeof document === 'string' ? Buffer.from(document) : document,
    contentType: options.contentType ?? null,
    now: (options.now ?? new Date('2026-11-22T20:00:00.000Z')).toISOString(),
    zone: options.zone ?? LA,
    limits: { ...DEFAULT_FEED_LIMITS, ...options.limits },
    groupFields: options.groupFields ?? defaultCampusConfig.campusGroups,
    keep: options.keep ?? 500,
  });
}

/** The items of a document that parsed, as §3 Events with their feed's own image address. */
export function eventsOf(
  kind: Exclude<FeedKind, 'alerts'>,
  document: string | Uint8Array,
  options?: ReadOptions,
): SourceEvent[] {
  const outcome = readDocument(kind, document, options);
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return z.array(sourceEventSchema).parse(outcome.items);
}

const alertSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  pubDate: z.string(),
  severity: z.enum(['emergency', 'advisory', 'all-clear', 'test']),
  expires: z.string().optional(),
  capId: z.string().optional(),
  retires: z.array(z.string()).optional(),
});

/** The alerts of an emergency feed document. */
export function alertsOf(document: string | Uint8Array, options?: ReadOptions): ParsedAlert[] {
  const outcome = readDocument('alerts', document, options);
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return z.array(alertSchema).parse(outcome.items);
}
