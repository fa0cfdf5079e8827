import type { Theme } from '../../contract/preferences.schema.js';

/**
 * Where the browser keeps the last theme choice it saw, for `public/theme.js` to set before the first
 * paint of the next page (the preferences arrive only after the scripts have run). That script holds
 * the same key as a literal: it is loaded before any module.
 */
export const THEME_STORAGE_KEY = 'campus-portal.theme';

/** `data-theme` on <html> for a choice: none for the device's setting, else `light` or `dark`. */
export const themeAttributeOf = (theme: Theme): 'light' | 'dark' | null =>
  theme === 'system' ? null : theme;
