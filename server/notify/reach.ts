import { z } from 'zod';
import { isRefusedAddress } from './refused-address.js';
import { idNumberSchema } from '../../contract/id.schema.js';
import { hasRole } from '../../contract/roles.rules.js';
import type { RoleHolder } from '../../contract/roles.rules.js';
import { roleSchema } from '../../contract/roles.schema.js';
import type {
  JobCountRow,
  MessageReadRow,
  RoleGroupRow,
  TaskWeekRow,
} from '../db/repositories/reach.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;

/** The most messages the dashboard lists (newest first) in one window. */
export const MESSAGES_SHOWN = 200;

/**
 * The ends of the window's weeks, oldest first, the last one `now`: `weeks` + 1 points, so a window
 * of N weeks shows N weeks of change.
 */
export function weekEnds(now: Date, weeks: number): string[] {
  return Array.from({ length: weeks + 1 }, (_, i) =>
    new Date(now.getTime() - (weeks - i) * WEEK_MS).toISOString(),
  );
}

export const windowStart = (now: Date, weeks: number) =>
  new Date(now.getTime() - weeks * WEEK_MS).toISOString();

/** Sent, failed and still waiting (pending or retrying), per channel. */
export interface ChannelCounts {
  channel: string;
  sent: number;
  failed: number;
  waiting: number;
  /** No longer called for when its time came (consent withdrawn, …). */
  dropped: number;
  /** Dropped because the recipient's address was refused for good (refused-address.ts). */
  refused: number;
}

export interface MessageReach {
  id: number;
  title: string;
  audience: string;
  createdOn: string;
  recipients: number;
  reads: number;
  /** reads / recipients, or null when the message has no recipient in the store. */
  readRate: number | null;
  channels: ChannelCounts[];
}

/**
 * What a message job's payload names: the message. Read defensively: a payload that is not JSON, or
 * names no message (or not as a positive id), is counted for no message.
 */
const messagePayloadSchema = z.object({
  messageId: z.union([
    idNumberSchema,
    z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/)
      .transform(Number),
  ]),
});

export function messageIdOf(payload: string): number | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const result = messagePayloadSchema.safeParse(parsed);
  return result.success ? result.data.messageId : undefined;
}

const otherRolesSchema = z.array(roleSchema);

/** A stored role combination as the §6 rules read it; undefined when it is not one. */
function holderOf(group: RoleGroupRow): RoleHolder | undefined {
  const primary = roleSchema.safeParse(group.primaryRole);
  let other: unknown;
  try {
    other = JSON.parse(group.otherRoles);
  } catch {
    return undefined;
  }
  const others = otherRolesSchema.safeParse(other);
  return primary.success && others.success
    ? { primary_role: primary.data, other_roles: others.data }
    : undefined;
}

/**
 * Per message: whom it went to (by the same §6 role rules the Messages page applies: everyone, the
 * holders of its role, or its one person while they exist), how many read it, and its notifications
 * sent, failed and waiting per channel (the channel as the jobs name it: email, text, push, …).
 */
export function messageReach(input: {
  messages: readonly MessageReadRow[];
  jobs: readonly JobCountRow[];
  roleGroups: readonly RoleGroupRow[];
  people: ReadonlySet<string>;
}): MessageReach[] {
  const everyone = input.roleGroups.reduce((total, g) => total + g.count, 0);
  const holders = input.roleGroups.flatMap((g) => {
    const holder = holderOf(g);
    return holder ? [{ holder, count: g.count }] : [];
  });
  const holdersOf = (role: string | null) => {
    const parsed = roleSchema.safeParse(role);
    if (!parsed.success) return 0;
    return holders
      .filter((h) => hasRole(h.holder, parsed.data))
      .reduce((total, h) => total + h.count, 0);
  };

  const byMessage = new Map<number, Map<string, ChannelCounts>>();
  for (const job of input.jobs) {
    const id = messageIdOf(job.payload);
    if (id === undefined) continue;
    const channels = byMessage.get(id) ?? new Map<string, ChannelCounts>();
    byMessage.set(id, channels);
    const counts = channels.get(job.channel) ?? {
      channel: job.channel,
      sent: 0,
      failed: 0,
      waiting: 0,
      dropped: 0,
      refused: 0,
    };
    channels.set(job.channel, counts);
    if (job.state === 'sent') counts.sent += job.count;
    else if (job.state === 'failed') counts.failed += job.count;
    else if (job.state === 'dropped' && isRefusedAddress(job.reason)) counts.refused += job.count;
    else if (job.state === 'dropped') counts.dropped += job.count;
    else counts.waiting += job.count;
  }

  return input.messages.map((m) => {
    const recipients =
      m.audience === 'everyone'
        ? everyone
        : m.audience === 'role'
          ? holdersOf(m.role)
          : m.audience === 'person' && m.username !== null && input.people.has(m.username)
            ? 1
            : 0;
    const channels = [...(byMessage.get(m.id)?.values() ?? [])].sort((a, b) =>
      a.channel.localeCompare(b.channel),
    );
    return {
      id: m.id,
      title: m.title,
      audience: audienceLabel(m),
      createdOn: m.createdOn,
      recipients,
      reads: m.reads,
      readRate: recipients > 0 ? m.reads / recipients : null,
      channels,
    };
  });
}

function audienceLabel(m: MessageReadRow): string {
  if (m.audience === 'everyone') return 'Everyone';
  if (m.audience === 'role') return `Role: ${m.role ?? ''}`;
  if (m.audience === 'person') return `Person: ${m.username ?? ''}`;
  return m.audience;
}

/** One week's point of a task's chart. */
export interface TaskPoint {
  weekEnd: string;
  assigned: number;
  done: number;
  dismissed: number;
  overdue: number;
  /** Assigned and neither done, dismissed nor overdue. */
  open: number;
}

export interface TaskReach {
  taskId: number;
  title: string;
  endsOn: string | null;
  points: TaskPoint[];
}

/**
 * The rows of `ReachRepository.taskWeeks` as one series per task, in the order of `ends` (weeks
 * without a row count zero), tasks by deadline (none last), then title.
 */
export function taskSeries(rows: readonly TaskWeekRow[], ends: readonly string[]): TaskReach[] {
  const tasks = new Map<number, { task: TaskReach; byWeek: Map<string, TaskWeekRow> }>();
  for (const row of rows) {
    const entry = tasks.get(row.taskId) ?? {
      task: { taskId: row.taskId, title: row.title, endsOn: row.endsOn, points: [] },
      byWeek: new Map<string, TaskWeekRow>(),
    };
    tasks.set(row.taskId, entry);
    entry.byWeek.set(row.weekEnd, row);
  }
  const order = (t: TaskReach) => t.endsOn ?? '\uffff';
  return [...tasks.values()]
    .map(({ task, byWeek }) => ({
      ...task,
      points: ends.map((weekEnd) => {
        const row = byWeek.get(weekEnd);
        const p = row ?? { assigned: 0, done: 0, dismissed: 0, overdue: 0 };
        return {
          weekEnd,
          assigned: p.assigned,
          done: p.done,
          dismissed: p.dismissed,
          overdue: p.overdue,
          open: Math.max(0, p.assigned - p.done - p.dismissed - p.overdue),
        };
      }),
    }))
    .sort((a, b) => order(a).localeCompare(order(b)) || a.title.localeCompare(b.title));
}
