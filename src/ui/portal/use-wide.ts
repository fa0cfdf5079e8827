import { useSyncExternalStore } from 'react';

/** The dashboard's two columns, and its spec order (the top first), begin at 1024 px (dashboard.css). */
const WIDE = '(min-width: 1024px)';
const wideQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(WIDE)
    : null;
const subscribeWide = (listener: () => void) => {
  const query = wideQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};

/**
 * The width a page the server drew was drawn for (issue 75): the server cannot measure the
 * screen, so it draws the width the browser last told it (`WIDE_COOKIE`, written by
 * public/theme.js on every page, the sign-in page included); the browser's hydration draws the
 * same, and then the width in use.
 */
const drawn = { wide: false };
export const drawWide = (wide: boolean) => {
  drawn.wide = wide;
};

/** Whether the screen is 1024 px wide or more, following the window as it is resized or turned. */
export const useWide = () =>
  useSyncExternalStore(
    subscribeWide,
    () => wideQuery()?.matches ?? true,
    () => drawn.wide,
  );
