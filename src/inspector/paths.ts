/**
 * The inspector's paths (issue 49): the shortest path to each state of a machine, from
 * `@xstate/graph`'s getShortestPaths as the path tests use it (tests/machines/paths.ts), and a
 * replay of one on a fresh copy of the machine with every effect stubbed, as the path tests stub
 * them: the actions the machine names do nothing, its actors never answer, its delays never fire.
 * The path tests carry hand-written sample events; here the events are read from the machine's
 * transitions, with a few sample outputs for an actor's answer, so a state reached only with a
 * particular answer may have no path: the panel says so.
 */
import { getShortestPaths } from '@xstate/graph';
import { SimulatedClock, createActor, fromPromise, transition } from 'xstate';
import type {
  AnyActor,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  EventObject,
} from 'xstate';
import { transitionsOf } from './chart-labels.js';

export interface InspectorPath {
  /** The state reached, as its dotted path(s): `hold.shown; alerts.loading.pageWaits`. */
  target: string;
  events: EventObject[];
}

/** Sample answers of an invoked actor: a count, none, a yes. */
const SAMPLE_OUTPUTS: unknown[] = [1, 0, true];

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap((child) => nodesOf(child as AnyStateNode)),
];

/** One event per event type the machine answers, with sample outputs and errors for its actors. */
export function sampleEvents(machine: AnyStateMachine): EventObject[] {
  const types = new Set(
    nodesOf(machine.root).flatMap((node) =>
      transitionsOf(node).flatMap((t): string[] => {
        const type = String(t.eventType ?? '');
        return type && type !== '*' ? [type] : [];
      }),
    ),
  );
  return [...types].sort().flatMap((type): EventObject[] => {
    if (type.startsWith('xstate.done.actor.')) {
      return SAMPLE_OUTPUTS.map((output) => ({ type, output }));
    }
    if (type.startsWith('xstate.error.actor.')) {
      const failed: EventObject & { error: Error } = { type, error: new Error('sample') };
      return [failed];
    }
    return [{ type }];
  });
}

/** The leaf states of a snapshot's value, dotted: what a path is named by. */
export function leafPaths(value: unknown, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, [...prefix, key]));
}

/** Whether `event` moves `state` somewhere without an error (a guard may throw on a sample). */
function takes(machine: AnyStateMachine, state: AnyMachineSnapshot, event: EventObject): boolean {
  try {
    if (state.status !== 'active' || !state.can(event)) return false;
    const [next] = transition(machine, state, event as never);
    return next.status !== 'error';
  } catch {
    return false;
  }
}

/** The shortest path to each state the sample events reach, shortest first. */
export function shortestPaths(machine: AnyStateMachine, input: unknown): InspectorPath[] {
  const events = sampleEvents(machine);
  const paths = getShortestPaths(machine, {
    events: ((state: AnyMachineSnapshot) =>
      events.filter((e) => takes(machine, state, e))) as never,
    input: input as never,
    serializeState: ((state: AnyMachineSnapshot) => JSON.stringify(state.value)) as never,
  }) as Array<{ state: AnyMachineSnapshot; steps: Array<{ event: EventObject }> }>;
  return paths
    .map((p) => ({
      target: leafPaths(p.state.value).join('; '),
      events: p.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init'),
    }))
    .sort((a, b) => a.events.length - b.events.length || a.target.localeCompare(b.target));
}

const isBuiltIn = (action: unknown) =>
  typeof action === 'function' && 'type' in action && String(action.type).startsWith('xstate.');

/** The machine with no effects: its named actions do nothing and its actors never answer. */
export function withoutEffects(machine: AnyStateMachine): AnyStateMachine {
  const { actions, actors } = machine.implementations;
  return machine.provide({
    actions: Object.fromEntries(
      Object.entries(actions)
        .filter(([, action]) => !isBuiltIn(action))
        .map(([name]) => [name, () => {}]),
    ),
    actors: Object.fromEntries(
      Object.keys(actors).map((name) => [name, fromPromise(() => new Promise<never>(() => {}))]),
    ),
  });
}

/** A fresh, effect-free copy of `machine`, started, for a replay; its delays wait for no clock. */
export function freshCopy(machine: AnyStateMachine, input: unknown): AnyActor {
  return createActor(withoutEffects(machine), {
    input: input as never,
    clock: new SimulatedClock(),
  }).start();
}

/** The input a running actor was started with: a fresh copy starts from the same. */
export function inputOf(ref: AnyActor): unknown {
  const options: unknown = 'options' in ref ? ref.options : undefined;
  return typeof options === 'object' && options !== null && 'input' in options
    ? options.input
    : undefined;
}
