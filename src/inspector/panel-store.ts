/**
 * What the inspector's panel shows besides the running system: which actor is selected and the
 * replay under way (a fresh copy of its machine, the path, how many steps it has taken). A small
 * store the panel reads with useSyncExternalStore; the panel itself holds no state.
 */
import type { AnyActor, AnyStateMachine } from 'xstate';
import { freshCopy } from './paths.js';
import type { InspectorPath } from './paths.js';

export interface Replay {
  machine: AnyStateMachine;
  input: unknown;
  path: InspectorPath;
  /** Steps taken so far, 0 before the first. */
  step: number;
  actor: AnyActor;
}

export interface PanelState {
  selected: string | null;
  replay: Replay | null;
}

let state: PanelState = { selected: null, replay: null };
const listeners = new Set<() => void>();
const set = (next: PanelState) => {
  if (next.replay !== state.replay) state.replay?.actor.stop();
  state = next;
  for (const listener of listeners) listener();
};

export const panelStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
  select(sessionId: string) {
    set({ selected: sessionId, replay: null });
  },
  /** Starts replaying `path` on a fresh, effect-free copy of `machine`: at the start, no step taken. */
  replay(machine: AnyStateMachine, input: unknown, path: InspectorPath) {
    set({ ...state, replay: { machine, input, path, step: 0, actor: freshCopy(machine, input) } });
  },
  /** The replay's next step: its event sent to the copy. */
  next() {
    const replay = state.replay;
    const event = replay?.path.events[replay.step];
    if (!replay || !event) return;
    replay.actor.send(event);
    state = { ...state, replay: { ...replay, step: replay.step + 1 } };
    for (const listener of listeners) listener();
  },
  stopReplay() {
    set({ ...state, replay: null });
  },
};
