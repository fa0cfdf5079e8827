import { useState } from 'react';

/**
 * A value made once, on the component's first render, and kept for its life: a machine whose chart
 * the component builds (a section's `isEmpty`), a counter object. React's lazy initial state without
 * its setter, so it holds no state: nothing can set it, and a change of it re-renders nothing. State
 * that changes lives in a machine (eslint.config.js forbids `useState` in src/pages but here).
 */
export function useOnce<T>(make: () => T): T {
  const [value] = useState(make);
  return value;
}
