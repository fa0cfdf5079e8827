import { useId, useRef } from 'react';
import { madeOnceAt, useRenderActors } from '../../lib/render-actors.js';

/**
 * A value made once, on the component's first render, and kept for its life: a machine whose chart
 * the component builds (a section's `isEmpty`), a counter object. A ref filled on first use (React's
 * documented lazy-initialisation pattern), so it is no state: nothing sets it, and it re-renders
 * nothing. In a server render, made once for all the render's passes (lib/render-actors.ts). State
 * that changes lives in a machine (eslint.config.js forbids React state in src/pages).
 */
export function useOnce<T>(make: () => T): T {
  const place = useId();
  const render = useRenderActors();
  const made = useRef<{ value: T } | null>(null);
  if (made.current === null) made.current = { value: madeOnceAt(render, place, make) };
  return made.current.value;
}
