import { useSyncExternalStore } from 'react';
import { WIDTH_CLASS_FROM } from '../../../contract/first-answers.rules.js';
import type { WidthClass } from '../../../contract/first-answers.rules.js';

/**
 * The dashboard's two columns, and its spec order (the top first), begin at 1024 px (dashboard.css):
 * the least width of the class the browser tells the server as wide.
 */
const WIDE = `(min-width: ${WIDTH_CLASS_FROM[1]}px)`;
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
const drawn: { width: WidthClass } = { width: 0 };
export const drawWidth = (width: WidthClass) => {
  drawn.width = width;
};

/**
 * The screen's width in CSS pixels: in the browser the window's; on the server the least width of
 * the class it draws for (the width a rule such as Account's profile open from 1200 px is read at).
 */
export const screenWidth = () =>
  typeof window === 'undefined' ? WIDTH_CLASS_FROM[drawn.width] : window.innerWidth;

/** Whether the screen is 1024 px wide or more, following the window as it is resized or turned. */
export const useWide = () =>
  useSyncExternalStore(
    subscribeWide,
    () => wideQuery()?.matches ?? true,
    () => drawn.width >= 1,
  );
