import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { HTML_POLICY, isSafeContentUrl } from '../../../contract/html-policy.js';
import { sanitizeContentHtml } from '../../../server/content/sanitize.js';
import { xssVectors } from '../../fixtures/xss-vectors.js';

/** Everything left after sanitising: each element's tag and attributes. */
function elementsOf(html: string) {
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  if (!document) throw new Error('jsdom gave no document');
  return [...document.body.querySelectorAll('*')].map((el) => ({
    tag: el.tagName.toLowerCase(),
    attributes: [...el.attributes].map((a) => [a.name, a.value] as const),
  }));
}

describe('the server sanitiser (contract/html-policy.ts allow-list)', () => {
  it('is tested with at least 50 known filter-evasion vectors', () => {
    expect(xssVectors.length).toBeGreaterThanOrEqual(50);
  });

  it.each(xssVectors.map((v) => [v]))(
    'leaves only allowed tags, allowed attributes and safe URLs from %s',
    (vector) => {
      const clean = sanitizeContentHtml(vector);
      for (const { tag, attributes } of elementsOf(clean)) {
        expect(HTML_POLICY.ALLOWED_TAGS).toContain(tag);
        for (const [name, value] of attributes) {
          expect(HTML_POLICY.ALLOWED_ATTR).toContain(name);
          if (name === 'href' || name === 'src') expect(isSafeContentUrl(name, value)).toBe(true);
        }
      }
      expect(clean).not.toMatch(/<script|javascript:|on[a-z]+=|data:/i);
    },
  );

  it('keeps headings, paragraphs, lists, safe links, emphasis, images and tables', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> <em>em</em> <a href="https://x.example/">link</a></p>' +
      '<ul><li>one</li></ul><img src="/content/hero-medium.webp" alt="Campus">' +
      '<table><tbody><tr><th scope="row">a</th><td>b</td></tr></tbody></table>';
    expect(sanitizeContentHtml(html)).toBe(html);
  });

  it('keeps mailto, tel, same-site and fragment links, and drops data: images', () => {
    const html =
      '<a href="mailto:help@x.example">m</a><a href="tel:+15035550123">t</a>' +
      '<a href="/resources">r</a><a href="#modal:flu-clinic-hours">k</a>';
    expect(sanitizeContentHtml(html)).toBe(html);
    expect(sanitizeContentHtml('<img src="data:image/png;base64,AAAA" alt="x">')).toBe(
      '<img alt="x">',
    );
  });
});
