import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createEmptyActor } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';

/**
 * Records which transitions of a machine its path tests take, for `npm run statecharts:coverage`.
 * Only when STATECHART_COVERAGE_DIR is set (the coverage script sets it); otherwise does nothing.
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

const activeIds = (snapshot: AnyMachineSnapshot) =>
  new Set((snapshot as unknown as { _nodes: AnyStateNode[] })._nodes.map((n) => n.id));

/** Eventless transitions taken between two configurations: from a node left, to nodes entered. */
function eventlessTaken(machine: AnyStateMachine, before: Set<string>, after: Set<string>) {
  // Through transient states only: each left for nodes now active.
  return nodesOf(machine.root).flatMap((node) =>
    (node.always ?? []).flatMap((t, i) => {
      const targets = t.target ?? [];
      const taken =
        before.has(node.id) && targets.length > 0 && targets.every((n) => after.has(n.id));
      return taken ? [key(node, '', i)] : [];
    }),
  );
}

/** The scope a machine's pure functions take. */
type Scope = Parameters<AnyStateMachine['transition']>[2];

export function mockScope(): Scope {
  const self = createEmptyActor();
  return {
    self,
    id: '',
    sessionId: 'coverage',
    logger: () => {},
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as Scope;
}

/** One step: the transitions an event takes from a snapshot (eventless ones too), and where it lands. */
export function step(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
  scope: Scope,
) {
  const taken: string[] = [];
  const entered = new Set<string>();
  for (const t of machine.getTransitionData(snapshot, event)) {
    const eventType = String(t.eventType);
    const list = t.source.transitions.get(eventType) ?? [];
    taken.push(key(t.source, eventType, list.indexOf(t)));
    for (const target of t.target ?? []) for (const n of nodesOf(target)) entered.add(n.id);
  }
  const next = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
  // Eventless steps run through transient states: entered by the event, left again at once. (A
  // chain of two transient states is not followed: such transitions are reported as not taken.)
  const after = activeIds(next);
  const transient = new Set([...entered].filter((id) => !after.has(id)));
  taken.push(...eventlessTaken(machine, transient, after));
  return { taken, next };
}

/** The eventless transitions taken on the way into the initial state. */
export function initialTaken(machine: AnyStateMachine, initial: AnyMachineSnapshot) {
  return eventlessTaken(
    machine,
    new Set(nodesOf(machine.root).map((n) => n.id)),
    activeIds(initial),
  );
}

/** The transitions the paths take, replayed from the machine's initial state. */
export function coveredTransitions(
  machine: AnyStateMachine,
  paths: ReadonlyArray<{ steps: ReadonlyArray<{ event: EventObject }> }>,
  input: unknown,
): Set<string> {
  const covered = new Set<string>();
  const scope = mockScope();
  const initial = machine.getInitialSnapshot(scope, input as never);
  for (const t of initialTaken(machine, initial)) covered.add(t);
  for (const path of paths) {
    let snapshot = initial;
    for (const { event } of path.steps) {
      try {
        const { taken, next } = step(machine, snapshot, event, scope);
        for (const t of taken) covered.add(t);
        snapshot = next;
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
