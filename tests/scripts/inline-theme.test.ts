import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { minifiedTheme, withInlineTheme } from '../../scripts/inline-theme.js';

const THEME_FILE = path.join(import.meta.dirname, '../../public/theme.js');

const built = `<head>
    <style>.skeleton__page{display:grid}</style>
    <script src="/theme.js"></script>
    <script type="module" crossorigin src="/assets/portal.js"></script>
  </head>`;

describe('the theme script is inline in the built pages: their first paint waits for no file (issue 87)', () => {
  it('stands where its link stood, minified from public/theme.js, the module script untouched', () => {
    const script = minifiedTheme(THEME_FILE);
    const page = withInlineTheme(built, script);
    expect(page).toContain(`    <script>${script}</script>\n`);
    expect(page).not.toContain('src="/theme.js"');
    expect(page).toContain('<script type="module" crossorigin src="/assets/portal.js"></script>');
    expect(script).toContain('campus-portal.theme');
    expect(script).not.toMatch(/\/\/ |\/\*/);
  });

  it('leaves a page without the link as it is', () => {
    const page = '<head><title>x</title></head>';
    expect(withInlineTheme(page, 'void 0')).toBe(page);
  });

  it('refuses a script that would end its element or open a comment', () => {
    expect(() => withInlineTheme(built, 'x="</script>"')).toThrow();
    expect(() => withInlineTheme(built, 'x="<!--"')).toThrow();
  });

  it('keeps "$" sequences of the script as written', () => {
    expect(withInlineTheme(built, "a='$&'")).toContain("<script>a='$&'</script>");
  });
});
