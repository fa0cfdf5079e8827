import ICAL from 'ical.js';
import { FeedLimitError } from './feed-limits.js';
import type { FeedLimits } from './feed-limits.js';
import type { Placer } from './ical-zones.js';

const DAY_MS = 86_400_000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The occurrences a whole calendar may step through; past the limit the calendar is refused. */
export class ExpansionBudget {
  private left: number;
  constructor(private readonly limit: number) {
    this.left = limit;
  }
  spend() {
    this.left -= 1;
    if (this.left < 0) {
      throw new FeedLimitError('expansion', `more than ${this.limit} recurrence occurrences`);
    }
  }
}

/** One occurrence: where it starts and ends as ical.js times (for all-day and display) and instants. */
export interface Occurrence {
  start: ICAL.Time;
  end: ICAL.Time;
  startMs: number;
  endMs: number;
}

export const isCancelled = (vevent: ICAL.Component) =>
  String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

/**
 * A start from which the series' own rule gives exactly the occurrences it gives from DTSTART,
 * close before `from`: DTSTART moved on by whole periods of `7 × INTERVAL` days, which keeps the
 * weekday and the interval's phase. Only for a DAILY or WEEKLY rule without COUNT whose only BY-part
 * is plain weekdays including DTSTART's (any other rule is stepped from DTSTART, within the budget).
 * This is what lets a daily series begun in 1970 cost a few steps instead of 20,000.
 */
function fastForward(event: ICAL.Event, fromMs: number, place: Placer): ICAL.Time | undefined {
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1 || event.component.hasProperty('rdate')) return undefined;
  const rule = rules[0]!.getFirstValue();
  if (!(rule instanceof ICAL.Recur) || rule.count || !['DAILY', 'WEEKLY'].includes(rule.freq)) {
    return undefined;
  }
  const parts = Object.entries(rule.parts);
  const start = event.startDate;
  const weekday = WEEKDAYS[start.dayOfWeek() - 1];
  const onlyPlainDays = parts.every(
    ([name, values]) =>
      name === 'BYDAY' &&
      Array.isArray(values) &&
      values.every((v) => typeof v === 'string' && /^[A-Z]{2}$/.test(v)) &&
      values.some((v: unknown) => v === weekday),
  );
  if (!onlyPlainDays) return undefined;
  const period = 7 * (rule.interval || 1);
  const durationMs = event.duration.toSeconds() * 1000;
  const lagDays = (fromMs - durationMs - place(start)) / DAY_MS;
  // One period of margin: an offset change or a long event must not skip a current occurrence.
  const periods = Math.floor(lagDays / period) - 1;
  if (periods < 1) return undefined;
  return start.clone().adjust(periods * period, 0, 0, 0);
}

/**
 * The series' first occurrence that has not ended by `nowMs` and starts within the horizon, skipping
 * EXDATEs (ical.js's recurrence expansion, which also adds RDATEs) and the occurrences in `replaced`
 * (instants of RECURRENCE-IDs, whose overrides are placed on their own). Null when none.
 */
export function nextOccurrence(
  event: ICAL.Event,
  nowMs: number,
  place: Placer,
  replaced: ReadonlySet<number>,
  limits: Pick<FeedLimits, 'horizonDays'>,
  budget: ExpansionBudget,
): Occurrence | null {
  const horizon = nowMs + limits.horizonDays * DAY_MS;
  const expansion = event.iterator(fastForward(event, nowMs, place));
  for (let next = expansion.next(); next; next = expansion.next()) {
    budget.spend();
    const startMs = place(next);
    if (startMs > horizon) return null;
    if (replaced.has(startMs)) continue;
    const end = next.clone();
    end.addDuration(event.duration);
    const endMs = place(end);
    if (endMs > nowMs) {
      return { start: next, end, startMs, endMs };
    }
  }
  return null;
}
