/**
 * The search box's keyboard shortcut (WCAG 2.1.4 Character Key Shortcuts, issue 57): "/" by
 * default, or remapped to Alt + / (a key with a modifier, which typing never presses), or turned
 * off. Kept on this device, as a browser setting is: the choice is about this keyboard.
 */
export const SEARCH_SHORTCUT_KEY = 'portal-search-shortcut';

export const SEARCH_SHORTCUTS = ['slash', 'alt-slash', 'off'] as const;
export type SearchShortcut = (typeof SEARCH_SHORTCUTS)[number];

export const SEARCH_SHORTCUT_LABELS: Record<SearchShortcut, string> = {
  slash: '/ (slash)',
  'alt-slash': 'Alt + /',
  off: 'Off',
};

const isShortcut = (value: unknown): value is SearchShortcut =>
  SEARCH_SHORTCUTS.some((s) => s === value);

/** The chosen shortcut; "/" when nothing (or nothing known) is stored, or storage is refused. */
export function readSearchShortcut(storage: Pick<Storage, 'getItem'> | undefined): SearchShortcut {
  try {
    const stored = storage?.getItem(SEARCH_SHORTCUT_KEY);
    return isShortcut(stored) ? stored : 'slash';
  } catch {
    return 'slash';
  }
}

export function writeSearchShortcut(
  storage: Pick<Storage, 'setItem'> | undefined,
  choice: SearchShortcut,
): void {
  try {
    storage?.setItem(SEARCH_SHORTCUT_KEY, choice);
  } catch {
    // Storage refused (a private window): the default stays.
  }
}

/** Whether a key press is the chosen shortcut. */
export function isSearchShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'code'>,
  choice: SearchShortcut,
): boolean {
  if (choice === 'off' || event.ctrlKey || event.metaKey) return false;
  // Alt changes the character on some layouts (macOS: Alt + / is "÷"): the physical key counts.
  const slash = event.key === '/' || event.code === 'Slash';
  return choice === 'slash' ? !event.altKey && event.key === '/' : event.altKey && slash;
}
