import { describe, expect, it } from 'vitest';
import {
  isSearchShortcut,
  readSearchShortcut,
  SEARCH_SHORTCUT_KEY,
  writeSearchShortcut,
} from '../../src/lib/search-shortcut.js';

const press = (key: string, mods: { alt?: boolean; ctrl?: boolean; code?: string } = {}) => ({
  key,
  code: mods.code ?? (key === '/' ? 'Slash' : `Key${key.toUpperCase()}`),
  altKey: mods.alt ?? false,
  ctrlKey: mods.ctrl ?? false,
  metaKey: false,
});

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: () => null,
    get length() {
      return map.size;
    },
  };
}

describe('the "/" search shortcut (WCAG 2.1.4)', () => {
  it('the "/" search shortcut can be turned off or remapped: off, nothing presses it; remapped, only Alt + / does', () => {
    expect(isSearchShortcut(press('/'), 'slash')).toBe(true);
    expect(isSearchShortcut(press('/', { alt: true }), 'slash')).toBe(false);
    expect(isSearchShortcut(press('/', { ctrl: true }), 'slash')).toBe(false);
    expect(isSearchShortcut(press('/'), 'off')).toBe(false);
    expect(isSearchShortcut(press('/', { alt: true }), 'off')).toBe(false);
    expect(isSearchShortcut(press('/'), 'alt-slash')).toBe(false);
    expect(isSearchShortcut(press('/', { alt: true }), 'alt-slash')).toBe(true);
    // macOS types "÷" for Alt + /: the physical key counts.
    expect(isSearchShortcut(press('÷', { alt: true, code: 'Slash' }), 'alt-slash')).toBe(true);
    expect(isSearchShortcut(press('s', { alt: true }), 'alt-slash')).toBe(false);
  });

  it('the choice is kept on this device; "/" when none is stored, or an unknown one, or storage is refused', () => {
    const storage = memory();
    expect(readSearchShortcut(storage)).toBe('slash');
    writeSearchShortcut(storage, 'off');
    expect(storage.getItem(SEARCH_SHORTCUT_KEY)).toBe('off');
    expect(readSearchShortcut(storage)).toBe('off');
    storage.setItem(SEARCH_SHORTCUT_KEY, 'ctrl-k');
    expect(readSearchShortcut(storage)).toBe('slash');
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readSearchShortcut(refusing)).toBe('slash');
    expect(readSearchShortcut(undefined)).toBe('slash');
  });
});
