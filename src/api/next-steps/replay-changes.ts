/**
 * Sending the Next Steps changes made offline (issue 44), in the order they were made. The server's
 * record wins: a change whose field the server no longer has as it was when the change was made
 * (done or bookmarked elsewhere meanwhile) is not sent, and the task shows the server's record; a
 * change the server refuses is dropped the same way. When the portal cannot be reached again
 * partway, the rest waits for the next time.
 */
import type { UserTask, UserTaskPatch } from '../../../contract/next-steps/task.schema.js';
import { turnsOn } from '../../lib/offline-changes.js';
import type { QueuedChange, Settled } from '../../lib/offline-changes.js';
import { isOutage, statusOf } from '../errors.js';

/**
 * Not reached, or not signed in yet (401, 403: a page that started offline has no token until the
 * session's user call answers): the change waits for the next try, it is no refusal (issue 57).
 */
const notYet = (error: unknown) => isOutage(error) || [401, 403].includes(statusOf(error) ?? 0);

export interface ReplayCalls {
  /** The tasks as the server has them now (never a copy kept for offline). */
  fetchTasks: () => Promise<UserTask[]>;
  save: (input: { id: number; change: UserTaskPatch }) => Promise<UserTask>;
}

const recordOf = (t: UserTask, field: QueuedChange['field']): QueuedChange['change'] =>
  field === 'completed_on' ? { completed_on: t.completed_on } : { starred: t.starred };

export async function replayChanges(
  changes: readonly QueuedChange[],
  calls: ReplayCalls,
): Promise<Settled[]> {
  // Unreachable still: this throws, and every change waits.
  const server = new Map((await calls.fetchTasks()).map((t) => [t.id, t]));
  const settled: Settled[] = [];
  for (const change of changes) {
    const now = server.get(change.id);
    if (!now) {
      settled.push({ kind: 'gone', change });
      continue;
    }
    const had = turnsOn(recordOf(now, change.field));
    if (had !== turnsOn(change.base)) {
      settled.push({ kind: 'conflict', change, userTask: now });
      continue;
    }
    // Turned and turned back while offline: nothing to send.
    if (turnsOn(change.change) === had) {
      settled.push({ kind: 'sent', change, userTask: now });
      continue;
    }
    try {
      const answer = await calls.save({ id: change.id, change: change.change });
      server.set(answer.id, answer);
      settled.push({ kind: 'sent', change, userTask: answer });
    } catch (error) {
      if (notYet(error)) break;
      settled.push({ kind: 'conflict', change, userTask: now });
    }
  }
  return settled;
}
