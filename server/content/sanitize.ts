import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { HTML_POLICY, passesUrlRule } from '../../contract/html-policy.js';

const purify = createDOMPurify(new JSDOM('').window);

// DOMPurify keeps data: images and a few schemes of its own list; our URL rule is narrower.
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (!passesUrlRule(data.attrName, data.attrValue)) data.keepAttr = false;
});

/** portal.md §3: a post body is sanitised by the allow-list of contract/html-policy.ts before storage. */
export function sanitizeContentHtml(html: string): string {
  return purify.sanitize(html, { ...HTML_POLICY, RETURN_TRUSTED_TYPE: false });
}
