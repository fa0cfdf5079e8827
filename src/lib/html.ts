import DOMPurify from 'dompurify';
import { HTML_POLICY, passesUrlRule } from '../../contract/html-policy.js';

let configured = false;

/** The browser's DOMPurify with the server's URL rule (contract/html-policy.ts) added once. */
function purifier() {
  if (!configured) {
    DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
      if (!passesUrlRule(data.attrName, data.attrValue)) data.keepAttr = false;
    });
    configured = true;
  }
  return DOMPurify;
}

/**
 * Content bodies were sanitised by the server when stored; the browser sanitises again with the
 * same policy before rendering, so a bad row or a tampering proxy cannot slip script in.
 */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, { ...HTML_POLICY, RETURN_TRUSTED_TYPE: false });
}
