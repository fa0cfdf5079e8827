import { useEffect, useReducer } from 'react';

/**
 * Whether `after` (an ISO instant, the coursework answer's `refresh_after`) is still ahead: the
 * component asking is drawn again when it passes, so the Refresh button comes back by itself.
 */
export function useStillAhead(after: string | null | undefined): boolean {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const at = after ? Date.parse(after) : Number.NaN;
  const ahead = Number.isFinite(at) && at > Date.now();
  useEffect(() => {
    if (!ahead) return undefined;
    const timer = setTimeout(redraw, at - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [ahead, at]);
  return ahead;
}

/** "12:01 PM": when the next refresh is possible, on the device's clock. */
export const clockTime = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
