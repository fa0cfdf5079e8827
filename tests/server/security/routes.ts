import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';
import { categoriesOfAccess } from '../../../server/auth/access.js';
import type { Access } from '../../../server/auth/access.js';
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
  /** What the route declares (undefined only for a route that declares nothing: a failure). */
  access: Access | undefined;
}

/**
 * What each route of the server declares (server/auth/access.ts), by its path, as the routes were
 * seen (`appWithEndpoints`): the security suites read the declarations, never a list of their own.
 */
const DECLARED = new Map<string, Access | undefined>();

/**
 * Open to everyone by its declaration (`access: 'public'`); the API document's pages and the built
 * files, registered before the portal's routes are seen, are public too.
 */
export const isPublic = (url: string) =>
  DECLARED.get(url) === 'public' || url.startsWith('/api/docs') || url.startsWith('/assets/');

/** Needs a credential: a signed-in person (a declaration by capacity) or a publisher's key. */
export const needsSignIn = (url: string) => {
  const access = DECLARED.get(url);
  return access !== undefined && access !== 'public';
};

/** The reads a category a student may share shows to a delegate, by the routes' declarations. */
export const routesOfCategory = (endpoints: readonly Endpoint[], category: DelegateCategory) =>
  endpoints
    .filter((e) => e.method === 'GET' && e.access !== undefined)
    .filter((e) => e.access !== undefined && categoriesOfAccess(e.access).includes(category))
    .map((e) => e.url);

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
        const declared: { access?: Access } | undefined = route.config;
        DECLARED.set(route.url, declared?.access);
        endpoints.push({
          method,
          url: route.url,
          queryKeys: keysOf(schema.querystring),
          bodyKeys: keysOf(schema.body),
          access: declared?.access,
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
