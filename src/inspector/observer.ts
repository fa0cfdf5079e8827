/**
 * The statecharts inspector's observer (issue 49): the only part of the inspector in the main
 * bundle, and only in a build that carries it (`enabled.ts`). Attached to a root actor's system as it
 * starts, it keeps which actors run (id, machine, parent) and the last 100 events, each as its type,
 * source and target with its payload redacted: names, emails, ids and message bodies never reach
 * the buffer, only the values of a few keys that hold none (REVEALED_KEYS). The panel
 * (`panel.tsx`) loads only when opened and reads this store. Nothing leaves the page.
 */
import type { AnyActor, AnyActorRef, InspectionEvent } from 'xstate';

export interface InspectedActor {
  sessionId: string;
  id: string;
  /** The machine's id, or the kind of logic for an actor that is no machine (a promise, a callback). */
  machine: string | null;
  parent: string | null;
  ref: AnyActor;
}

export interface LoggedEvent {
  seq: number;
  at: number;
  type: string;
  /** The actor that sent it, or "outside" (the page, the API client). */
  source: string;
  target: string;
  /** Each payload key with its value for REVEALED_KEYS, "redacted" for every other. */
  details: Array<[key: string, value: string]>;
}

export const EVENT_LIMIT = 100;
/** Payload keys whose values are names of places or switches, never a person's data. */
const REVEALED_KEYS = new Set(['source', 'kind', 'active', 'turningOn', 'section', 'theme']);

/** One event as the log keeps it: its type, and its payload's keys with their values redacted. */
export function redact(event: Record<string, unknown>): LoggedEvent['details'] {
  return Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => [
      key,
      REVEALED_KEYS.has(key) && (typeof value === 'boolean' || typeof value === 'string')
        ? String(value).slice(0, 40)
        : 'redacted',
    ]);
}

const machineOf = (ref: AnyActor): string | null => {
  const logic: unknown = ref.logic;
  if (typeof logic === 'object' && logic !== null && 'root' in logic && 'id' in logic) {
    return String(logic.id);
  }
  return null;
};

const actors = new Map<string, InspectedActor>();
const events: LoggedEvent[] = [];
const listeners = new Set<() => void>();
let version = 0;
let seq = 0;

const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

/**
 * An actor's name: its systemId where it has one (the portal root), its id where it was given one
 * (an invoked child), else its machine's id (a page's own root, whose id is its session id).
 */
const nameOf = (ref: AnyActor) =>
  ref.options.systemId ?? (ref.id === ref.sessionId ? (machineOf(ref) ?? ref.id) : ref.id);

/**
 * All the observer knows of an actor's life, from XState's public inspection alone: the status of
 * the last snapshot of it inspected, and its parent, the actor whose snapshot lists it among its
 * children. An actor made but never started (React's strict mode makes a second of each page
 * actor) has no status yet; one stopped has `stopped`, though `@xstate/react` puts the snapshot it
 * had back into a page's actor when its page goes, so that it could start again.
 */
const statuses = new WeakMap<AnyActorRef, string>();
const parents = new WeakMap<AnyActorRef, AnyActorRef>();

function noteSnapshot(ref: AnyActorRef, snapshot: unknown) {
  if (typeof snapshot !== 'object' || snapshot === null) return;
  if ('status' in snapshot) statuses.set(ref, String(snapshot.status));
  if (!('children' in snapshot)) return;
  const children = snapshot.children as Record<string, AnyActorRef | undefined>;
  for (const child of Object.values(children)) if (child) parents.set(child, ref);
}

const running = (ref: AnyActorRef) => statuses.get(ref) === 'active';

function register(ref: AnyActor) {
  if (actors.has(ref.sessionId)) return;
  actors.set(ref.sessionId, {
    sessionId: ref.sessionId,
    id: nameOf(ref),
    machine: machineOf(ref),
    parent: null,
    ref,
  });
}

/** The observer itself: for a root actor's `inspect` option, or its system's `inspect`. */
export function observe(inspection: InspectionEvent) {
  if (inspection.type === '@xstate.actor') register(inspection.actorRef as AnyActor);
  else if (inspection.type === '@xstate.event') {
    const { event, sourceRef, actorRef } = inspection;
    events.push({
      seq: (seq += 1),
      at: Date.now(),
      type: event.type,
      source: sourceRef ? nameOf(sourceRef as AnyActor) : 'outside',
      target: nameOf(actorRef as AnyActor),
      details: redact(event as Record<string, unknown>),
    });
    if (events.length > EVENT_LIMIT) events.splice(0, events.length - EVENT_LIMIT);
  } else if (inspection.type === '@xstate.snapshot') {
    const ref = inspection.actorRef as AnyActor;
    noteSnapshot(ref, inspection.snapshot);
    // One forgotten when it stopped may start again (React's strict mode restarts a page's actor).
    if (running(ref)) register(ref);
  } else return;
  if (listeners.size > 0) changed();
}

/** Registers `root` and every actor below it, then follows its system from now on. */
export function watchSystem(root: AnyActorRef) {
  const walk = (ref: AnyActor) => {
    register(ref);
    const snapshot: unknown = ref.getSnapshot();
    noteSnapshot(ref, snapshot);
    if (typeof snapshot === 'object' && snapshot !== null && 'children' in snapshot) {
      for (const child of Object.values(
        snapshot.children as Record<string, AnyActor | undefined>,
      )) {
        if (child) walk(child);
      }
    }
  };
  // Every actor ref a system makes is an Actor, with its logic and parent.
  walk(root as AnyActor);
  root.system.inspect(observe);
}

/** What the panel reads: the actors still running, the event log, and a change signal. */
export const inspection = {
  /** Marks this code in a build: a production build without demo mode must not contain it. */
  marker: 'statecharts-inspector-observer',
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  version: () => version,
  actors(): InspectedActor[] {
    // One that ran and no longer does is forgotten. One not started yet may still start.
    for (const [key, actor] of actors) {
      if (statuses.has(actor.ref) && !running(actor.ref)) actors.delete(key);
    }
    return [...actors.values()]
      .filter((a) => running(a.ref))
      .map((a) => {
        const parent = parents.get(a.ref);
        return { ...a, parent: parent ? nameOf(parent as AnyActor) : null };
      });
  },
  events: (): readonly LoggedEvent[] => events,
};
