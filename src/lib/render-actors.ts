import { createContext, useContext } from 'react';
import type { AnyActorRef } from 'xstate';

/**
 * The actors a page's components make (`useActorRef`), across a server render and the browser's
 * hydration of it (issue 75). React's `useId` names each component's place in the tree, the same
 * on the server and in the browser's hydration, so it names the actor made there too:
 *
 * - on the server (`started`), each actor is made and started the first time its place renders
 *   and kept across the render's passes (server/html/server-render.ts and src/ssr/portal-render.tsx render again until nothing
 *   changes), so its reads are under way and the next pass draws their answers;
 * - in the browser (`snapshots`), the actor at a place the server drew starts from the snapshot the
 *   server's actor ended in (`createActor(logic, { snapshot })`), so hydration draws what the server
 *   drew. A place first drawn in the browser has an id of the browser's own and starts afresh.
 */
export type RenderActors =
  | {
      started: Map<string, AnyActorRef>;
      made: () => void;
      /** What a component makes once (pages/shared/use-once.ts), kept across the passes too. */
      kept?: Map<string, unknown>;
    }
  | { snapshots: ReadonlyMap<string, unknown> };

export const RenderActorsContext = createContext<RenderActors | null>(null);

export const useRenderActors = () => useContext(RenderActorsContext);

/**
 * A value made once at a place in the tree: in a server render, once for all its passes (each pass
 * renders the tree afresh, with no ref kept from the last, and building a machine's chart again
 * each pass was a third of a pass's time); elsewhere, made now.
 */
export function madeOnceAt<T>(render: RenderActors | null, place: string, make: () => T): T {
  const kept = render && 'started' in render ? render.kept : undefined;
  if (!kept) return make();
  if (!kept.has(place)) kept.set(place, make());
  return kept.get(place) as T;
}
