import type { Theme } from '../../../contract/preferences.schema.js';
import { THEME_STORAGE_KEY, themeAttributeOf } from '../../lib/theme.js';

/** localStorage, or nothing where the browser refuses it (private modes, storage turned off). */
function browserStorage(): Pick<Storage, 'setItem'> | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Shows a theme choice: `data-theme` on <html> (the stylesheet sets `color-scheme` from it), and
 * remembers it for the next page's first paint (`public/theme.js`).
 */
export function applyTheme(
  theme: Theme,
  root: HTMLElement = document.documentElement,
  storage: Pick<Storage, 'setItem'> | null = browserStorage(),
): void {
  const attribute = themeAttributeOf(theme);
  if (attribute) root.setAttribute('data-theme', attribute);
  else root.removeAttribute('data-theme');
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // A full or refused storage only costs the next page its early theme.
  }
}

interface Subscribable<S> {
  getSnapshot(): S;
  subscribe(observer: (snapshot: S) => void): unknown;
}

/**
 * Keeps the page's theme the signed-in person's choice: applied when their record loads and again
 * whenever a saved preference changes it; nothing changes while no one is known.
 */
export function followTheme<S>(
  actor: Subscribable<S>,
  themeOf: (snapshot: S) => Theme | undefined,
  apply: (theme: Theme) => void = applyTheme,
): void {
  let shown: Theme | undefined;
  const show = (snapshot: S) => {
    const theme = themeOf(snapshot);
    if (theme === undefined || theme === shown) return;
    shown = theme;
    apply(theme);
  };
  show(actor.getSnapshot());
  actor.subscribe(show);
}
