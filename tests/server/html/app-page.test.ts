import { describe, expect, it } from 'vitest';
import { defaultCampus } from '../../../contract/campus.schema.js';
import { withSite } from '../../../server/html/app-page.js';

describe('embedding the campus configuration in a page', () => {
  it('a configured value cannot close the script element or inject markup', () => {
    const campus = { ...defaultCampus, productName: '</script><script>alert(1)</script>' };
    const html = withSite(
      '<head></head><body><a class="logo" data-product-name>Campus Portal</a></body>',
      { campus, build: 'b' },
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script>\\u003cscript>');
    expect(html).toContain('<a class="logo" data-product-name>&#60;/script&#62;');
  });

  it('links the web app manifest and carries the Home Screen tags, the name escaped', () => {
    const campus = { ...defaultCampus, productName: 'Owl "Portal"' };
    const html = withSite('<head></head><body></body>', { campus, build: 'b' });
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes" />');
    expect(html).toContain('content="Owl &#34;Portal&#34;"');
    expect(html).toContain('content="#163a5a" media="(prefers-color-scheme: dark)"');
  });
});
