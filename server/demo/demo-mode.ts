import type { FastifyRequest } from 'fastify';

/** portal.md §4 Demo mode: while this cookie is set, the user's data calls answer from demo data. */
export const DEMO_COOKIE = 'portal_demo';
/** Marks that the demo-mode message has been shown. */
export const DEMO_MESSAGE_COOKIE = 'portal_demo_message';
/** Demo lasts about one hour; both cookies live that long. */
export const DEMO_LIFETIME_SECONDS = 60 * 60;

/** Whether this request is in demo mode: data routes answer from `server/demo/` when it is. */
export function isDemo(request: FastifyRequest): boolean {
  return request.cookies[DEMO_COOKIE] === '1';
}
