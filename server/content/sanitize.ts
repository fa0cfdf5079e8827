import { createRequire } from 'node:module';
import createDOMPurify from 'dompurify';
import type { DOMPurify } from 'dompurify';
import type { JSDOM as Jsdom } from 'jsdom';
import { HTML_POLICY, passesUrlRule } from '../../contract/html-policy.js';
import { isMarkupWithinDepth, MARKUP_TOO_DEEP } from '../../contract/markup.rules.js';

const require = createRequire(import.meta.url);

let purify: DOMPurify | null = null;

/**
 * DOMPurify in a jsdom window, made when the first post is sanitised: jsdom adds about 60 MB to a
 * process, and most processes never store a post (a first start's seed, an editor's save and demo
 * mode's content do). Loaded with `require`, so sanitising stays a plain function call; that first
 * call takes a moment longer.
 */
function purifier(): DOMPurify {
  if (purify) return purify;
  const { JSDOM } = require('jsdom') as { JSDOM: typeof Jsdom };
  const made = createDOMPurify(new JSDOM('').window);
  // DOMPurify keeps data: images and a few schemes of its own list; our URL rule is narrower.
  made.addHook('uponSanitizeAttribute', (_node, data) => {
    if (!passesUrlRule(data.attrName, data.attrValue)) data.keepAttr = false;
  });
  return (purify = made);
}

/** portal.md §3: a post body is sanitised by the allow-list of contract/html-policy.ts before storage. */
export function sanitizeContentHtml(html: string): string {
  // The HTML parser and DOMPurify recurse per level: a body nested thousands deep overflows them.
  if (!isMarkupWithinDepth(html))
    throw Object.assign(new Error(MARKUP_TOO_DEEP), { statusCode: 400 });
  return purifier().sanitize(html, { ...HTML_POLICY, RETURN_TRUSTED_TYPE: false });
}
