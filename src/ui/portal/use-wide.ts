import { useSyncExternalStore } from 'react';

/** The dashboard's two columns, and its spec order (the top first), begin at 1024 px (dashboard.css). */
const WIDE = '(min-width: 1024px)';
const wideQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);
const subscribeWide = (listener: () => void) => {
  const query = wideQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};

/** Whether the screen is 1024 px wide or more, following the window as it is resized or turned. */
export const useWide = () =>
  useSyncExternalStore(subscribeWide, () => wideQuery()?.matches ?? true);
