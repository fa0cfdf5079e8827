// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HTML_POLICY } from '../../contract/html-policy.js';
import { markdownToSafeHtml } from '../../server/content/markdown.js';
import { dashboardPosts } from '../../server/content/sample-dashboard.js';
import { pagePosts } from '../../server/content/sample-pages.js';
import { sanitizeContentHtml } from '../../server/content/sanitize.js';
import { sanitizeHtml as purify } from '../../src/lib/html.js';
import { withinPolicy } from '../../src/lib/within-policy.js';
import { xssVectors } from '../fixtures/xss-vectors.js';

/**
 * The DOM a body renders as in the page, written out: DOMPurify answers text without markup as it
 * came, and both it and the check parse as a document without a doctype does, where a table may sit
 * inside a paragraph; the page re-parses either answer the same way.
 */
function rendered(html: string): string {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container.innerHTML;
}

/** Bodies that must never render as they are: each one reaches DOMPurify instead. */
const HOSTILE = [
  '<p>Hi</p><img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">go</a>',
  '<a href="java&#x09;script:alert(1)">go</a>',
  '<a href=" javascript:alert(1)">go</a>',
  '<a href="//evil.example/">go</a>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<img src="http://plain.example/x.png">',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<p title="--><img src=x onerror=alert(1)>">x</p>',
  '<p title="</style><img src=x onerror=alert(1)>">x</p>',
  '<style>@import "https://evil.example/x.css";</style><p>x</p>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<!--<img src=x onerror=alert(1)>--><p>x</p>',
  '<p>x<!-- note --></p>',
  '<body onload=alert(1)><p>x</p>',
  '<html onmouseover=alert(1)><p>x</p>',
  '<frameset onload=alert(1)>',
  '<!doctype html><p>x</p>',
  '<template><img src=x onerror=alert(1)></template>',
  '<form><button formaction="javascript:alert(1)">go</button></form>',
  '<iframe src="https://evil.example/"></iframe>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p class="sidebar" id="main">x</p>',
  '<table><tr><td colspan="javascript:alert(1)">x</td></tr></table>',
  '<p data-x="1" aria-hidden="true">x</p>',
  '<a href="https://ok.example/" target="_blank">x</a>',
  '<span xml:lang="en">x</span>',
];

describe('a body within the allow-list renders without DOMPurify', () => {
  it('every sample post, sanitised as the server stores it, is within the allow-list (portal.md §3)', () => {
    const bodies = [...dashboardPosts, ...pagePosts].flatMap((post) =>
      post.body ? [sanitizeContentHtml(post.body)] : [],
    );
    expect(bodies.length).toBeGreaterThan(10);
    for (const body of bodies) expect(withinPolicy(body)).toBe(rendered(purify(body)));
  });

  it('an editor’s Markdown, as stored, is within the allow-list', () => {
    const stored = markdownToSafeHtml(
      '## Deadlines\n\n*Register* by **Friday**: [the schedule](https://campus.example.edu/s)\n\n' +
        '| Term | Opens |\n| --- | --- |\n| Winter | Jan 6 |\n\n> Quote\n\n```\ncode <b>\n```\n\n' +
        '![map](/content/map.webp)\n\n- one\n- two\n\n1. first\n\n---\n\nline  \nbreak <sub>2</sub>',
    );
    expect(stored).toContain('<table>');
    expect(withinPolicy(stored)).toBe(stored);
  });

  it('no known filter-evasion vector renders other than as DOMPurify would render it', () => {
    const accepted = xssVectors.filter((vector) => withinPolicy(vector) !== null);
    for (const vector of accepted) {
      expect(rendered(withinPolicy(vector) ?? '')).toBe(rendered(purify(vector)));
    }
    // The vectors that are plain allowed markup are the exception, not the rule.
    expect(accepted.length).toBeLessThan(xssVectors.length / 10);
  });

  // 150,000 children: past the engine's limit on a spread call's arguments. Parsing them in jsdom
  // takes about 7 s on an idle machine, so the test allows a busy one three times the usual time.
  it('a body of very many elements side by side is checked, not refused by the engine', () => {
    const wide = `<p>${'<b>x</b>'.repeat(150_000)}</p>`;
    expect(withinPolicy(wide)).toBe(wide);
  }, 60_000);

  it.each(HOSTILE)('%s is outside the allow-list, so DOMPurify sanitises it', (html) => {
    expect(withinPolicy(html)).toBeNull();
  });
});

const URLS = [
  'https://campus.example.edu/a',
  '/content/map.webp',
  '#top',
  '?term=202604',
  'mailto:a@example.edu',
  'tel:+15035550100',
  'http://plain.example/',
  'javascript:alert(1)',
  'data:text/html,x',
  '//evil.example',
];
const TEXTS = [
  'Campus map',
  '"quoted" & <b>',
  '--><img src=x onerror=alert(1)>',
  '</style><b>',
  '',
];
const attributeText = (name: string, value: string) =>
  ` ${name}="${value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`;

/** Any listed or unlisted attribute with any value: what a hostile body could carry. */
const anyAttribute = fc
  .tuple(
    fc.constantFrom(
      ...HTML_POLICY.ALLOWED_ATTR,
      'onerror',
      'style',
      'class',
      'id',
      'data-x',
      'aria-label',
      'xlink:href',
      'formaction',
    ),
    fc.constantFrom(...URLS, ...TEXTS, 'plain words', '2', 'row'),
  )
  .map(([name, value]) => attributeText(name, value));

/** Each listed attribute with the kind of value an editor gives it, and unlisted ones. */
const editorAttribute = fc
  .oneof(
    fc.tuple(fc.constantFrom('href', 'src'), fc.constantFrom(...URLS)),
    fc.tuple(fc.constantFrom('title', 'alt'), fc.constantFrom(...TEXTS)),
    fc.tuple(
      fc.constantFrom('width', 'height', 'colspan', 'rowspan'),
      fc.constantFrom('2', '100', '50%'),
    ),
    fc.tuple(fc.constant('scope'), fc.constantFrom('row', 'col', 'colgroup')),
    fc.tuple(fc.constantFrom('onerror', 'style', 'class', 'data-x'), fc.constantFrom(...TEXTS)),
  )
  .map(([name, value]) => attributeText(name, value));

/** Markup from the allow-list and beyond it, nested, for the generated cases below. */
const markup = (attribute: fc.Arbitrary<string>) =>
  fc.letrec<{ node: string }>((tie) => {
    const tag = fc.constantFrom(
      ...HTML_POLICY.ALLOWED_TAGS,
      'script',
      'style',
      'svg',
      'math',
      'noscript',
      'template',
      'textarea',
      'title',
      'div',
      'form',
      'iframe',
      'select',
      'option',
      'mglyph',
      'xmp',
    );
    const text = fc.constantFrom(
      'text',
      ' ',
      '&lt;b&gt;',
      '<',
      'a & b',
      '<!-- c -->',
      '</p>',
      '\n',
    );
    const element = fc
      .tuple(tag, fc.array(attribute, { maxLength: 3 }), fc.array(tie('node'), { maxLength: 3 }))
      .map(
        ([name, attributes, children]) =>
          `<${name}${attributes.join('')}>${children.join('')}</${name}>`,
      );
    return { node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, element) };
  }).node;
const body = (attribute: fc.Arbitrary<string>) =>
  fc.array(markup(attribute), { maxLength: 4 }).map((parts) => parts.join(''));

describe('the allow-list check never lets through what DOMPurify would change', () => {
  it('whatever it accepts renders exactly as DOMPurify’s answer for the same body', () => {
    fc.assert(
      fc.property(body(anyAttribute), (html) => {
        const within = withinPolicy(html);
        if (within !== null) expect(rendered(within)).toBe(rendered(purify(html)));
      }),
      { numRuns: 500 },
    );
  });

  it('a body as the server stores it is within the allow-list, so stored bodies never load DOMPurify', () => {
    fc.assert(
      fc.property(body(editorAttribute), (html) => {
        const stored = sanitizeContentHtml(html);
        const within = withinPolicy(stored);
        expect(within).not.toBeNull();
        expect(rendered(within ?? '')).toBe(rendered(purify(stored)));
      }),
      { numRuns: 500 },
    );
  });
});
