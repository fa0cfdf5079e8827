import { getShortestPaths } from '@xstate/graph';
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import { initialStep, mockScope, recordCoverage, step } from './coverage.js';

export interface PathOptions<T extends AnyStateMachine> {
  /**
   * How two reached states count as the same. Defaults to value + context; machines whose context
   * grows without bound (lists, counters) pass a coarser key so the walk ends.
   */
  serializeState?: (state: SnapshotFrom<T>) => string;
}

/**
 * Whether an event can reach the machine in this state. An invoked actor's failure arrives only
 * while the state that invoked it is active, and so always finds its handler; sent elsewhere, it
 * would put the snapshot in XState's `error` status with an unchanged value, a state no running
 * machine reaches, and the walk would continue from it as if it were active.
 */
function answers(state: { status: string; can: (e: never) => boolean }, event: EventObject) {
  if (state.status !== 'active') return false;
  return !event.type.startsWith('xstate.error.actor.') || state.can(event as never);
}

/**
 * Every shortest path through a machine for the given events, plus, for every transition those do
 * not take, one path that ends by taking it (the shortest path to its source, then its event): so
 * the invariants are checked after every transition at least once, with few paths. The list must hold every event the
 * machine answers, including `xstate.done.actor.<id>` and `xstate.error.actor.<id>`.
 */
export function shortestPaths<T extends AnyStateMachine>(
  machine: T,
  events: readonly EventObject[],
  input?: unknown,
  options: PathOptions<T> = {},
) {
  const serialize =
    options.serializeState ??
    ((s: { value: unknown; context: unknown }) =>
      JSON.stringify({ value: s.value, context: s.context }));
  const paths = getShortestPaths(machine, {
    // The done/error events of invoked actors are not part of the machine's own event type.
    events: ((state: SnapshotFrom<T>) => events.filter((e) => answers(state, e))) as never,
    input: input as never,
    serializeState: serialize as never,
  }) as Array<{ state: SnapshotFrom<T>; steps: Array<{ event: EventObject }> }>;
  const recording = mockScope();
  const start = initialStep(machine, input, recording);
  const taken = new Set<string>(start.taken);
  const walk = (path: (typeof paths)[number]) => {
    let snapshot = start.initial as SnapshotFrom<T>;
    for (const { event } of path.steps) {
      try {
        const next = step(machine, snapshot, event, recording);
        for (const t of next.taken) taken.add(t);
        snapshot = next.next as SnapshotFrom<T>;
      } catch {
        return;
      }
    }
  };
  paths.forEach(walk);
  const more: typeof paths = [];
  for (const path of paths) {
    for (const event of events.filter((e) => answers(path.state, e))) {
      let next;
      try {
        next = step(machine, path.state, event, recording);
      } catch {
        // A step the replay cannot resolve outside a running system (a send to a child actor).
        continue;
      }
      if (next.taken.every((t) => taken.has(t))) continue;
      for (const t of next.taken) taken.add(t);
      more.push({ state: next.next as SnapshotFrom<T>, steps: [...path.steps, { event }] });
    }
  }
  const all = [...paths, ...more];
  recordCoverage(machine, all, input);
  return all;
}

/** A readable test title for a path: its events in order. */
export const pathTitle = (path: { steps: Array<{ event: EventObject }> }) =>
  path.steps.map((s) => s.event.type.replace(/^xstate\./, '')).join(' → ') || '(start)';
