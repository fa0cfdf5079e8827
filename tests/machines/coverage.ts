import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createEmptyActor } from 'xstate';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventObject,
  InspectionEvent,
} from 'xstate';

/**
 * Records which transitions of a machine its path tests take, for `npm run statecharts:coverage`.
 * Only when STATECHART_COVERAGE_DIR is set (the coverage script sets it); otherwise does nothing.
 *
 * What was taken is not inferred from the states before and after: XState reports every microstep
 * of a macrostep to the system's inspector with the transitions it took — the event's, then each
 * eventless one in a chain (routing → signedOut → passed), then those of raised events.
 */

const key = (node: AnyStateNode, eventType: string, index: number) =>
  `${node.id} ${eventType || '(always)'} #${index}`;

function nodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => nodesOf(child as AnyStateNode))];
}

/** Every transition of the machine: each event's alternatives, and each eventless one. */
export function allTransitions(machine: AnyStateMachine): string[] {
  return nodesOf(machine.root).flatMap((node) => [
    ...[...node.transitions.entries()].flatMap(([eventType, list]) =>
      list.map((_, i) => key(node, eventType, i)),
    ),
    ...(node.always ?? []).map((_, i) => key(node, '', i)),
  ]);
}

/** The key of a transition definition: its source, its event (none: eventless) and its place. */
function keyOf(t: AnyTransitionDefinition): string {
  const eventType = String(t.eventType);
  const always = t.source.always ?? [];
  if (always.includes(t)) return key(t.source, '', always.indexOf(t));
  const list = t.source.transitions.get(eventType) ?? [];
  return key(t.source, eventType, list.indexOf(t));
}

/** The scope a machine's pure functions take, with a sink for the transitions they take. */
type Scope = Parameters<AnyStateMachine['transition']>[2];
interface Recording {
  scope: Scope;
  /** The transitions taken since the last call, emptied by the call. */
  drain: () => string[];
}

export function mockScope(): Recording {
  const self = createEmptyActor();
  let taken: string[] = [];
  const system = Object.create(self.system) as typeof self.system & {
    _sendInspectionEvent: (event: InspectionEvent) => void;
  };
  system._sendInspectionEvent = (event) => {
    if (event.type !== '@xstate.microstep') return;
    taken.push(...event._transitions.map(keyOf));
  };
  const scope = {
    self,
    id: '',
    sessionId: 'coverage',
    logger: () => {},
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as Scope;
  return {
    scope,
    drain: () => {
      const out = taken;
      taken = [];
      return out;
    },
  };
}

/** One step: every transition an event takes from a snapshot (eventless ones too), and where it lands. */
export function step(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
  recording: Recording,
) {
  recording.drain();
  try {
    const next = machine.transition(snapshot, event, recording.scope) as AnyMachineSnapshot;
    return { taken: recording.drain(), next };
  } finally {
    recording.drain();
  }
}

/** The initial snapshot, and the eventless transitions taken on the way into it. */
export function initialStep(machine: AnyStateMachine, input: unknown, recording: Recording) {
  recording.drain();
  const initial = machine.getInitialSnapshot(recording.scope, input as never) as AnyMachineSnapshot;
  return { taken: recording.drain(), initial };
}

/** The transitions the paths take, replayed from the machine's initial state. */
export function coveredTransitions(
  machine: AnyStateMachine,
  paths: ReadonlyArray<{ steps: ReadonlyArray<{ event: EventObject }> }>,
  input: unknown,
): Set<string> {
  const recording = mockScope();
  const { taken, initial } = initialStep(machine, input, recording);
  const covered = new Set<string>(taken);
  for (const path of paths) {
    let snapshot = initial;
    for (const { event } of path.steps) {
      try {
        const next = step(machine, snapshot, event, recording);
        for (const t of next.taken) covered.add(t);
        snapshot = next.next;
      } catch {
        break;
      }
    }
  }
  return covered;
}

export function recordCoverage(
  machine: AnyStateMachine,
  paths: ReadonlyArray<{ steps: ReadonlyArray<{ event: EventObject }> }>,
  input: unknown,
) {
  const dir = process.env.STATECHART_COVERAGE_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const all = allTransitions(machine);
  const covered = [...coveredTransitions(machine, paths, input)].filter((t) => all.includes(t));
  const file = path.join(dir, `${machine.id}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ id: machine.id, all, covered }));
}
