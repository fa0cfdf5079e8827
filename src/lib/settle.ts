/**
 * Waiting until a page's actors have nothing left to do (issue 75): the server renders again only
 * once the calls a render started have answered (lib/counting-fetch.ts), and the browser hydrates
 * only once its actors stand where the server's did. Not part of the first route's code: only the
 * hydration's chunk and the server bundle load it.
 */

/**
 * The next turn of the event loop: on the server `setImmediate`, as soon as the loop has run what
 * is due (a timer of 0 waits at least 1 ms there, which the render paid three times a pass); in the
 * browser, a timer's next task.
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const { setImmediate: immediate } = globalThis as {
      setImmediate?: (run: () => void) => unknown;
    };
    if (immediate) immediate(resolve);
    else setTimeout(resolve, 0);
  });

/**
 * Resolves true once no call has been under way and `changes` has not moved for `quiet` tasks in a
 * row; false if that takes longer than `limitMs`.
 */
export async function settled(
  busy: () => number,
  changes: () => number,
  limitMs: number,
  quiet = 3,
): Promise<boolean> {
  const until = Date.now() + limitMs;
  let still = 0;
  let seen = changes();
  while (still < quiet) {
    if (Date.now() > until) return false;
    await nextTask();
    const now = changes();
    still = busy() === 0 && now === seen ? still + 1 : 0;
    seen = now;
  }
  return true;
}
