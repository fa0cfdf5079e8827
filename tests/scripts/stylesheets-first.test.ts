import { describe, expect, it } from 'vitest';
import { withStylesheetsFirst } from '../../scripts/stylesheets-first.js';

/** A page as Vite writes it: the entry script, its preloads, then the stylesheets. */
const built = `<head>
    <meta charset="UTF-8" />
    <!-- The answers every page starts with. -->
    <link rel="preload" href="/api/status" as="fetch" crossorigin="anonymous" />
    <title>Campus Portal</title>
    <script type="module" crossorigin src="/assets/portal.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
    <link rel="stylesheet" crossorigin href="/assets/styles.css">
    <link rel="stylesheet" crossorigin href="/assets/portal.css">
  </head>`;

const order = (html: string) =>
  [...html.matchAll(/<!--|href="([^"]+)"|src="([^"]+)"/g)].map((m) => m[1] ?? m[2] ?? 'comment');

describe('built pages ask for their stylesheets first', () => {
  it('puts the stylesheets before the first preload and the comment that introduces it, in their order', () => {
    expect(order(withStylesheetsFirst(built))).toEqual([
      '/assets/styles.css',
      '/assets/portal.css',
      'comment',
      '/api/status',
      '/assets/portal.js',
      '/assets/react.js',
    ]);
  });

  it('keeps every line of the page, and changes nothing the second time', () => {
    const once = withStylesheetsFirst(built);
    expect(once.split('\n').sort()).toEqual(built.split('\n').sort());
    expect(withStylesheetsFirst(once)).toBe(once);
  });

  it('leaves a page without stylesheets, or with nothing to put them before, as it is', () => {
    const noSheets = built.replace(/ *<link rel="stylesheet"[^>]*>\n/g, '');
    expect(withStylesheetsFirst(noSheets)).toBe(noSheets);
    const onlySheets = '<head>\n<link rel="stylesheet" href="/a.css">\n</head>';
    expect(withStylesheetsFirst(onlySheets)).toBe(onlySheets);
  });
});
