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
});
