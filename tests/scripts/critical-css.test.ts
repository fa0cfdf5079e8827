import { describe, expect, it } from 'vitest';
import { withCriticalCss } from '../../scripts/critical-css.js';

/** The portal's page as Vite writes it once its stylesheets come first (stylesheets-first.ts). */
const built = `<head>
    <link rel="stylesheet" crossorigin href="/assets/styles.css">
    <link rel="stylesheet" crossorigin href="/assets/portal.css">
    <script src="/theme.js"></script>
    <script type="module" crossorigin src="/assets/portal.js"></script>
  </head>
  <body>
    <div id="root"><div class="page skeleton__page"></div></div>
  </body>`;

const sheets: Record<string, string> = {
  '/assets/styles.css': '.skeleton__page{display:grid}[data-theme=dark]{color-scheme:dark}\n',
  '/assets/portal.css': '.dashboard{display:grid}',
};

describe("the portal page's critical styles are inline and the rest does not block the first paint", () => {
  it('inlines the stylesheet holding the skeleton rules where its link stood, before the theme script', () => {
    const page = withCriticalCss(built, (href) => sheets[href]);
    expect(page).toContain(
      '<head>\n    <style>.skeleton__page{display:grid}[data-theme=dark]{color-scheme:dark}</style>\n    <script src="/theme.js">',
    );
    expect(page).not.toContain('/assets/styles.css');
  });

  it('moves the other stylesheets to the end of the body, after the skeleton, in their order', () => {
    const page = withCriticalCss(built, (href) => sheets[href]);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toContain('rel="stylesheet"');
    expect(page).toMatch(
      /skeleton__page"><\/div><\/div>\n {4}<link rel="stylesheet" crossorigin href="\/assets\/portal.css">\n {2}<\/body>/,
    );
  });

  it('leaves a page whose stylesheets hold no skeleton rules as it is', () => {
    expect(
      withCriticalCss(built, (href) => (href.endsWith('portal.css') ? '.a{}' : undefined)),
    ).toBe(built);
  });

  it('refuses a critical stylesheet that would close its own element', () => {
    expect(() =>
      withCriticalCss(built, (href) =>
        href.endsWith('styles.css') ? '.skeleton__page{}</style><script>' : '',
      ),
    ).toThrow(/closes its element/);
  });
});
