import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, themeAttributeOf } from '../../src/lib/theme.js';

describe("the page's theme attribute", () => {
  it("the device's setting sets no attribute; light and dark set themselves", () => {
    expect(themeAttributeOf('system')).toBeNull();
    expect(themeAttributeOf('light')).toBe('light');
    expect(themeAttributeOf('dark')).toBe('dark');
  });

  it('the storage key is the one public/theme.js reads before the first paint', async () => {
    const { readFile } = await import('node:fs/promises');
    const script = await readFile(new URL('../../public/theme.js', import.meta.url), 'utf8');
    expect(script).toContain(`'${THEME_STORAGE_KEY}'`);
  });
});
