import { demoStateSchema } from '../../contract/demo.schema.js';
import { cookieValue, documentCookies } from '../lib/cookies.js';
import type { Http } from './client.js';
import { CSRF_HEADER, csrfToken } from './csrf.js';

/** Cookie names the server's demo-state action sets (server/demo/demo-mode.ts). */
const DEMO_COOKIE = 'portal_demo';
const DEMO_MESSAGE_COOKIE = 'portal_demo_message';

/** portal.md §4: demo state is active at start when its cookie is set. */
export function isDemoCookieSet(cookies: string = documentCookies()): boolean {
  return cookieValue(cookies, DEMO_COOKIE) === '1';
}

/** Whether the demo-mode message is still to be shown (its cookie is set until it has been). */
export function takeDemoMessage(
  doc: { cookie: string } | undefined = globalThis.document,
): boolean {
  if (!doc || cookieValue(doc.cookie, DEMO_MESSAGE_COOKIE) !== '1') return false;
  doc.cookie = `${DEMO_MESSAGE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  return true;
}

/** The demo-state action: `POST /api/demo-state`, cookie-authenticated with the CSRF header. */
export async function setDemoState(http: Http, active: boolean): Promise<boolean> {
  const token = csrfToken();
  const answer = await http
    .post('demo-state', {
      json: { active },
      credentials: 'include',
      headers: token ? { [CSRF_HEADER]: token } : {},
    })
    .json();
  return demoStateSchema.parse(answer).active;
}
