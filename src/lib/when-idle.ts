/** `then` once the browser is idle after the first screen (or soon, where it cannot tell); a way to cancel. */
export function whenIdle(then: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(then, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(then, 200);
  return () => window.clearTimeout(id);
}
