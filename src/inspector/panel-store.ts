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
  /** Folded to its title bar, the page all free. */
  collapsed: boolean;
  /** Its width beside the page (px, wide screens; on a phone it is docked below the page). */
  width: number;
}

/**
 * The panel's narrowest and widest, its first width (28rem) and the room it always leaves the page
 * (50rem: the dashboard's narrowest desktop layout with the sidebar; inspector.css says the same).
 */
export const PANEL_WIDTH = { min: 320, max: 960, start: 448, step: 32, pageRoom: 800 } as const;

const clampWidth = (width: number) =>
  Math.round(
    Math.max(
      PANEL_WIDTH.min,
      Math.min(PANEL_WIDTH.max, window.innerWidth - PANEL_WIDTH.pageRoom, width),
    ),
  );

let state: PanelState = {
  selected: null,
  replay: null,
  collapsed: false,
  width: PANEL_WIDTH.start,
};
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
    set({ ...state, selected: sessionId, replay: null });
  },
  /** Folds the panel to its title bar, or opens it out again. */
  toggleCollapsed() {
    set({ ...state, collapsed: !state.collapsed });
  },
  /** A new width, kept within the panel's narrowest and widest. */
  resize(width: number) {
    set({ ...state, width: clampWidth(width) });
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
