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
 * Whether the actor runs: XState's ProcessingStatus.Running (1). One made but never started (React's
 * strict mode makes a second of each page actor) or one stopped does not.
 */
const processing = (ref: AnyActor) =>
  (ref as unknown as { _processingStatus?: number })._processingStatus;
const running = (ref: AnyActor) =>
  processing(ref) === 1 && (ref.getSnapshot() as { status: string }).status === 'active';

function register(ref: AnyActor) {
  if (actors.has(ref.sessionId)) return;
  const parent = ref._parent as AnyActor | undefined;
  actors.set(ref.sessionId, {
    sessionId: ref.sessionId,
    id: nameOf(ref),
    machine: machineOf(ref),
    parent: parent ? nameOf(parent) : null,
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
  } else if (inspection.type !== '@xstate.snapshot') return;
  if (listeners.size > 0) changed();
}

/** Registers `root` and every actor below it, then follows its system from now on. */
export function watchSystem(root: AnyActorRef) {
  const walk = (ref: AnyActor) => {
    register(ref);
    const snapshot: unknown = ref.getSnapshot();
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
    // A stopped actor never runs again: forget it. One not started yet may still start.
    for (const [key, actor] of actors) if (processing(actor.ref) === 2) actors.delete(key);
    return [...actors.values()].filter((a) => running(a.ref));
  },
  events: (): readonly LoggedEvent[] => events,
};
