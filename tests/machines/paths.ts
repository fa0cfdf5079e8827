import { getShortestPaths } from '@xstate/graph';
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';

/**
 * Every shortest path through a machine for the given events. The list must hold every event the
 * machine answers, including `xstate.done.actor.<id>` and `xstate.error.actor.<id>`.
 */
export function shortestPaths<T extends AnyStateMachine>(
  machine: T,
  events: readonly EventObject[],
  input?: unknown,
) {
  return getShortestPaths(machine, {
    // The done/error events of invoked actors are not part of the machine's own event type.
    events: events as never,
    input: input as never,
    serializeState: (s) => JSON.stringify({ value: s.value, context: s.context }),
  }) as Array<{ state: SnapshotFrom<T>; steps: Array<{ event: EventObject }> }>;
}
