import { z } from 'zod';
import type { DeliveryFailureRow, DeliveryTimingRow } from '../db/repositories/reach.repository.js';

/** One reason jobs failed (retries given up) or were dropped (never deliverable), and how many. */
export interface DeliveryFailure {
  state: 'failed' | 'dropped';
  reason: string;
  count: number;
}

/**
 * One channel of a message or alert: its jobs, how many were handed over (sent), the seconds from
 * the message's (or alert's) creation until 50 %, 95 % and 100 % of its jobs were handed over (null:
 * not reached, yet or ever), and what failed or was dropped, by reason, most first.
 */
export interface ChannelSpeed {
  channel: string;
  jobs: number;
  sent: number;
  p50Seconds: number | null;
  p95Seconds: number | null;
  p100Seconds: number | null;
  failures: DeliveryFailure[];
}

export interface DeliverySpeed {
  kind: 'message' | 'alert';
  id: string;
  title: string;
  /** A message: when it was written; an alert: when the portal enqueued its first push. */
  startedAt: string;
  channels: ChannelSpeed[];
}

const alertTitleSchema = z.object({ title: z.string() });

/** An alert's title from one of its jobs' payloads; read defensively. */
function alertTitle(payload: string | null): string | undefined {
  try {
    const parsed = alertTitleSchema.safeParse(JSON.parse(payload ?? ''));
    return parsed.success ? parsed.data.title : undefined;
  } catch {
    return undefined;
  }
}

const seconds = (from: string, to: string | null) =>
  to === null ? null : Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

/**
 * The reach page's delivery speed (issue 40): per message of the window (from its creation) and per
 * emergency alert (all its devices' push jobs together, from the first one's creation, the moment
 * the portal learned of it), per channel. Messages not in `messages` (outside the window) are left
 * out. Newest first.
 */
export function deliverySpeed(input: {
  messages: ReadonlyArray<{ id: number; title: string; createdOn: string }>;
  timings: readonly DeliveryTimingRow[];
  failures: readonly DeliveryFailureRow[];
}): DeliverySpeed[] {
  const failuresOf = new Map<string, DeliveryFailure[]>();
  for (const f of input.failures) {
    if (f.state !== 'failed' && f.state !== 'dropped') continue;
    const at = `${f.key}\n${f.channel}`;
    failuresOf.set(at, [
      ...(failuresOf.get(at) ?? []),
      { state: f.state, reason: f.reason || 'no reason recorded', count: f.count },
    ]);
  }
  const messages = new Map(input.messages.map((m) => [`message:${m.id}`, m]));
  const items = new Map<string, DeliverySpeed>();
  for (const t of input.timings) {
    const message = messages.get(t.key);
    const alertId = /^alert:(.+):push:$/.exec(t.key)?.[1];
    if (!message && alertId === undefined) continue;
    const item = items.get(t.key) ?? {
      kind: message ? 'message' : 'alert',
      id: message ? String(message.id) : (alertId ?? ''),
      title: message ? message.title : (alertTitle(t.payload) ?? alertId ?? ''),
      startedAt: message ? message.createdOn : t.firstCreatedAt,
      channels: [],
    };
    items.set(t.key, item);
    if (!message && t.firstCreatedAt < item.startedAt) item.startedAt = t.firstCreatedAt;
    item.channels.push({
      channel: t.channel,
      jobs: t.jobs,
      sent: t.sent,
      p50Seconds: seconds(item.startedAt, t.p50At),
      p95Seconds: seconds(item.startedAt, t.p95At),
      p100Seconds: seconds(item.startedAt, t.p100At),
      failures: (failuresOf.get(`${t.key}\n${t.channel}`) ?? []).sort(
        (a, b) => b.count - a.count || a.reason.localeCompare(b.reason),
      ),
    });
  }
  for (const item of items.values())
    item.channels.sort((a, b) => a.channel.localeCompare(b.channel));
  return [...items.values()].sort(
    (a, b) => b.startedAt.localeCompare(a.startedAt) || a.id.localeCompare(b.id),
  );
}

/** "45 s", "4 min 5 s", "2 h 3 min"; "—" for a share not reached. */
export function durationText(s: number | null): string {
  if (s === null) return '—';
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const minutes = Math.floor((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}
