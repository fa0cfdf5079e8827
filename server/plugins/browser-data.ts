import type { FastifyReply } from 'fastify';
import { DEMO_COOKIE, DEMO_MESSAGE_COOKIE } from '../demo/demo-mode.js';

/**
 * Campus computers are shared: what the origin stored for one person (the HTTP cache, local storage,
 * the Next Steps worker and its caches) must not greet the next. Browsers honour this header on
 * secure origins (https, and localhost while developing).
 */
export const CLEAR_SITE_DATA = '"cache", "storage"';

/** Ends demo mode in this browser: the next person starts with their own data. */
export function clearDemoCookies(reply: FastifyReply, secure: boolean) {
  const options = { path: '/', sameSite: 'lax', secure } as const;
  reply.clearCookie(DEMO_COOKIE, options);
  reply.clearCookie(DEMO_MESSAGE_COOKIE, options);
}

/** Asks the browser to forget everything the person left behind, demo mode included. */
export function clearBrowserData(reply: FastifyReply, secure: boolean) {
  reply.header('clear-site-data', CLEAR_SITE_DATA);
  clearDemoCookies(reply, secure);
}
