import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { z } from 'zod';
import { csrfFor } from '../../../server/plugins/app/session.js';
import { createTestApp, signIn } from '../helpers/app.js';

/** At least 1,000 cases per endpoint in CI; fewer while developing. */
export const RUNS = process.env.CI === 'true' ? 1000 : 150;

export interface Endpoint {
  method: HTTPMethods;
  url: string;
  /** Keys the route's query and body schemas name: the fuzzer favours them. */
  queryKeys: string[];
  bodyKeys: string[];
}

/**
 * Open to everyone by design; every other /api, /next-steps/api and /admin route requires sign-in.
 * Add a route here only when the specification makes it public.
 */
export const PUBLIC_ROUTES = new Set([
  '/healthz',
  '/readyz',
  '/metrics',
  '/api',
  '/api/status',
  '/api/openapi.json',
  '/api/campus',
  // The campus's buildings and their places on its map (issue 89): as public as the campus itself.
  '/api/campus/buildings',
  '/admin/admin.css',
  // Browser errors are reported before sign-in too (rate-limited per address, small strict body).
  '/api/client-errors',
  // One-click unsubscribe (RFC 8058, issue 29): a mail provider POSTs the signed link, no sign-in.
  '/api/notify/unsubscribe',
  // Canvas sends the student back here by a navigation (no API token): the sealed state names the
  // student and the cookie set when they began proves it is their browser (issue 45, step 2).
  '/api/coursework/canvas/callback',
]);

export const isPublic = (url: string) =>
  PUBLIC_ROUTES.has(url) ||
  url.startsWith('/auth/') ||
  url.startsWith('/assets/') ||
  url.startsWith('/api/docs') ||
  url.startsWith('/media/') ||
  // The images of the public events and news feeds, loaded by <img> (no token), served by the portal.
  url.startsWith('/api/feed-images/');

export const needsSignIn = (url: string) =>
  !isPublic(url) &&
  (url.startsWith('/api/') ||
    url.startsWith('/next-steps/api/') ||
    url === '/admin' ||
    url.startsWith('/admin/'));

function keysOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** Same route whatever its parameters are called and with or without a trailing slash. */
export const routeKey = (method: string, url: string) =>
  `${method.toUpperCase()} ${url.replace(/:[A-Za-z0-9_]+/g, ':param').replace(/(.)\/$/, '$1')}`;

/**
 * The whole server, as it stands on this branch, and every endpoint it declares; `alsoOnRoute` sees
 * each route too (a test's seam).
 */
export async function appWithEndpoints(
  alsoOnRoute?: (route: RouteOptions) => void,
): Promise<{ app: FastifyInstance; endpoints: Endpoint[] }> {
  const endpoints: Endpoint[] = [];
  const app = await createTestApp({
    onRoute(route: RouteOptions) {
      alsoOnRoute?.(route);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // HEAD routes are Fastify's automatic twins of the GET routes.
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const schema = route.schema ?? {};
        endpoints.push({
          method,
          url: route.url,
          queryKeys: keysOf(schema.querystring),
          bodyKeys: keysOf(schema.body),
        });
      }
    },
  });
  await app.ready();
  return { app, endpoints };
}

/** Headers carrying every kind of credential a persona's browser has: token, cookie and CSRF token. */
export async function credentialsOf(app: FastifyInstance, persona: 'student' | 'staff') {
  const { cookie, token } = await signIn(app, persona);
  const sessionId = cookie.slice('portal_session='.length);
  const csrf = csrfFor(sessionId);
  return {
    authorization: `Token ${token}`,
    cookie: `${cookie}; portal_csrf=${csrf}`,
    'x-csrf-token': csrf,
  };
}

export const fillParams = (url: string, value: string) =>
  url.replace(/:[A-Za-z0-9_]+/g, encodeURIComponent(value));
