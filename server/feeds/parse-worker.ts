import { parseIcalAppointments } from './appointments-ical.js';
import { parseGroupEvents, parseNews } from './campus-groups.js';
import type { ParsedAlert } from './emergency-parse.js';
import { finishEvent } from './pending-event.js';
import type { PendingEvent, SourceEvent } from './pending-event.js';
import { capAlert, parseEmergencyFeed } from './emergency-parse.js';
import { bySoonest, isPublicGroupEvent, isUpcoming } from './event-rules.js';
import { parseIcalEvents } from './events-ical.js';
import { decodeIcal, decodeXml } from './feed-bytes.js';
import { FeedLimitError } from './feed-limits.js';
import type { ParseOutcome, ParseTask } from './parse-task.js';
import { syndicationItems } from './syndication.js';
import { parseXmlTree } from './xml-tree.js';

/** Events not over by now, soonest first, `keep` of them, then dated on the campus clock. */
function upcoming(items: PendingEvent[], now: Date, keep: number, zone: string): SourceEvent[] {
  return items
    .filter((p) => isUpcoming(p.event, now))
    .sort((a, b) => bySoonest(a.event, b.event))
    .slice(0, keep)
    .map((p) => finishEvent(p, zone));
}
const newestFirst = (alerts: ParsedAlert[]) =>
  [...alerts].sort((a, b) => b.pubDate.localeCompare(a.pubDate));

/** The readers, on bytes: each decodes the document's characters itself. */
function read(task: ParseTask): { items: unknown[]; warnings: string[] } {
  const now = new Date(task.now);
  const { kind, bytes, contentType, zone, limits } = task;
  if (bytes.byteLength > limits.bytes) {
    throw new FeedLimitError('bytes', `${bytes.byteLength} bytes, over ${limits.bytes}`);
  }
  if (kind === 'ical') {
    const items = parseIcalEvents(decodeIcal(bytes, contentType), now, zone, limits);
    return { items: upcoming(items, now, task.keep, zone), warnings: [] };
  }
  if (kind === 'appointments') {
    const text = decodeIcal(bytes, contentType);
    return { items: parseIcalAppointments(text, now, zone, limits, task.keep), warnings: [] };
  }
  if (kind === 'coursework') {
    const since = new Date(task.since ?? task.now);
    const items = parseIcalEvents(decodeIcal(bytes, contentType), now, zone, limits, since)
      .filter((p) => isUpcoming(p.event, since))
      .sort((a, b) => bySoonest(a.event, b.event))
      .slice(0, task.keep);
    const coursework = items.map((p) => ({
      ...p.event,
      allDay: p.allDay,
      category: p.category ?? null,
    }));
    return { items: coursework, warnings: [] };
  }
  const tree = parseXmlTree(decodeXml(bytes, contentType), limits);
  // The emergency feed may be one raw CAP alert (IPAWS, mass-notification systems) instead of a feed.
  const cap = kind === 'alerts' ? capAlert(tree) : null;
  if (cap) return { items: cap, warnings: [] };
  const entries = syndicationItems(tree);
  if (entries.length > limits.items) {
    throw new FeedLimitError('items', `${entries.length} items, over ${limits.items}`);
  }
  if (kind === 'group-events') {
    const { items, warnings } = parseGroupEvents(entries, zone, task.groupFields);
    const shown = items.filter((p) => isPublicGroupEvent(p.event));
    return { items: upcoming(shown, now, task.keep, zone), warnings };
  }
  if (kind === 'news') {
    const news = parseNews(entries, zone).slice(0, task.keep);
    return { items: news.map((p) => finishEvent(p, zone)), warnings: [] };
  }
  return { items: newestFirst(parseEmergencyFeed(entries)).slice(0, task.keep), warnings: [] };
}

/**
 * The parse thread's one task (run by the pool in parse-pool.ts): a feed document's bytes to plain
 * items, with `warnings` for a document that gave nothing. A limit refusal is an answer, not a crash.
 */
export default function parseFeed(task: ParseTask): ParseOutcome {
  try {
    const { items, warnings } = read(task);
    // An office calendar with no appointments in its window is an office with none booked.
    const empty = items.length === 0 && task.bytes.byteLength > 0 && task.kind !== 'appointments';
    if (empty && warnings.length === 0) {
      warnings.push('a non-empty document gave no items');
    }
    return { ok: true, items, warnings };
  } catch (err) {
    if (err instanceof FeedLimitError) return { ok: false, limit: err.limit, message: err.message };
    throw err;
  }
}
