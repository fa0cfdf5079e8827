import { getShortestPaths } from '@xstate/graph';
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';

export interface PathOptions<T extends AnyStateMachine> {
  /**
   * How two reached states count as the same. Defaults to value + context; machines whose context
   * grows without bound (lists, counters) pass a coarser key so the walk ends.
   */
  serializeState?: (state: SnapshotFrom<T>) => string;
}

/**
 * Every shortest path through a machine for the given events. The list must hold every event the
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
  return getShortestPaths(machine, {
    // The done/error events of invoked actors are not part of the machine's own event type.
    events: events as never,
    input: input as never,
    serializeState: serialize as never,
  }) as Array<{ state: SnapshotFrom<T>; steps: Array<{ event: EventObject }> }>;
}

/** A readable test title for a path: its events in order. */
export const pathTitle = (path: { steps: Array<{ event: EventObject }> }) =>
  path.steps.map((s) => s.event.type.replace(/^xstate\./, '')).join(' → ') || '(start)';
