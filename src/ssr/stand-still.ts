import type { AnyActorRef } from 'xstate';
import { settled } from '../lib/settle.js';

/** What a server render (portal-render.tsx, next-steps-render.tsx) does until its page stands still. */

const MAX_PASSES = 8;

/**
 * Draws the page again each time its calls have answered and its machines have moved, until a
 * drawing changes nothing: its HTML is the one the browser's takeover will draw from the same answers.
 * A drawing after which nothing moved (no call started, no machine moved or made, once the loop
 * has settled) is the last: the next would draw the same, so it is not drawn.
 */
export async function drawUntilStill(render: {
  /** When the render's time is up (`Date.now()`'s clock). */
  until: number;
  /** The calls still under way (lib/counting-fetch.ts). */
  busy: () => number;
  /** How many times the page's machines have moved. */
  changes: () => number;
  draw: () => string;
}): Promise<string> {
  const settle = async () => {
    await settled(render.busy, render.changes, Math.max(0, render.until - Date.now()));
    if (Date.now() > render.until) throw new Error('The server render outlasted its time');
  };
  await settle();
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const before = render.changes();
    const html = render.draw();
    await settle();
    if (render.changes() === before && render.busy() === 0) return html;
  }
  throw new Error('The server render did not stand still');
}

/**
 * Fails once `ms` have passed: each route load of a render races it (the timer keeps no process
 * open, and the race's own handler takes its failure).
 */
export const routeDeadline = (ms: number): Promise<never> =>
  new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('The route did not load in time')), ms).unref?.(),
  );

/**
 * Where `value` holds what JSON would not carry as it is (a Map arrives as `{}`, a Date as a
 * string, a function not at all), as a path from `at`; null when it would arrive whole.
 */
export function notJson(value: unknown, at: string): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : at;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = item === undefined ? `${at}[${i}]` : notJson(item, `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof value !== 'object') return at;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return at;
  for (const [key, item] of Object.entries(value)) {
    // A property left undefined is left out, and reads as undefined again.
    const found = item === undefined ? null : notJson(item, `${at}.${key}`);
    if (found) return found;
  }
  return null;
}

/**
 * Each component actor's persisted snapshot, by its place in the tree (lib/render-actors.ts). The
 * page carries them as JSON, so one that JSON would change fails the render (the page goes out
 * undrawn, counted): the browser's actor would otherwise start from another state than the
 * server's, and its hydration fail.
 */
export const snapshotsOf = (started: ReadonlyMap<string, AnyActorRef>): Record<string, unknown> =>
  Object.fromEntries(
    [...started].map(([place, actor]) => {
      // A page's machines invoke the promises their `provide` gave them inline: kept by their id.
      const snapshot = (actor.getPersistedSnapshot as (options: object) => unknown)({
        __unsafeAllowInlineActors: true,
      });
      const found = notJson(snapshot, 'snapshot');
      if (found) throw new Error(`The actor at ${place} holds what JSON does not carry: ${found}`);
      return [place, snapshot];
    }),
  );
