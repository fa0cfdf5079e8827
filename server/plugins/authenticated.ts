import type { FastifyInstance, FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import type { AdminLevel } from '../auth/rights.js';
import { adminAccess } from '../admin/guard.js';
import { actAsSignedIn, changes, writeAllowed } from './acting.js';
import { lookUpViewAs } from './view-as.js';

/**
 * How the routes of a scope are signed in: `token` (`Authorization: Token …`, the API), `session`
 * (the session cookie with its CSRF token, cookie-authenticated changes), `cookie` (the session cookie
 * alone: the two user reads that hand out the API token), `form` (the session cookie or a
 * delegate's, for a form posted without scripts; its route checks the form's CSRF field), `admin` (the admin's pages:
 * the session cookie, a browser sent to sign in, problem pages). `right` adds the staff or superuser
 * check (always, for `admin`: staff unless superuser is named).
 */
export type ScopeOptions =
  | { by: 'token' | 'session' | 'cookie' | 'form'; right?: AdminLevel }
  | { by: 'admin'; right: AdminLevel };

/** The guards a scope's routes run at onRequest, in order (plugins/session-guards.ts, admin/guard.ts). */
export function guardsFor(app: FastifyInstance, options: ScopeOptions): onRequestHookHandler[] {
  if (options.by === 'admin') return [adminAccess(app, options.right)];
  const signedIn = {
    token: app.requireToken,
    session: app.requireSession,
    cookie: app.requireCookie,
    form: app.requireForm,
  }[options.by];
  if (options.right === undefined) return [signedIn];
  return [signedIn, options.right === 'superuser' ? app.requireSuperuser : app.requireStaff];
}

const listOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Puts the scope's guards first in the onRequest list of every route added to `scope` from now on
 * (after the app's own onRequest hooks, so the rate limiter has counted the request before any
 * guard), then the hook that sets the request's subject and actor (plugins/acting.ts). The guard
 * resolves the session once (the rate limiter's lookup is shared) and answers 401 (403 for a
 * provisional account or a missing right) before the handler runs; a handler reads whose record it
 * is as `request.subject` and who acts as `request.actor`, typed and never null there. The guards
 * are put in each route's own onRequest list, where the OpenAPI document reads how an operation is
 * called (openapi/operations.ts). A change (any method but GET, HEAD, OPTIONS) asks `mayWrite`
 * first in its preParsing list, before its body is read: 403 when the actor only reads. CSRF checks stay where they are:
 * in the `session` guard, and in each admin change's preHandler (admin/guard.ts adminCsrf).
 */
export function guardRoutes(scope: FastifyInstance, options: ScopeOptions): void {
  // The admin's pages are always the signed-in person's own: a view as a student never reaches them.
  const viewAs = options.by === 'admin' ? [] : [lookUpViewAs];
  const guards = [...guardsFor(scope, options), ...viewAs, actAsSignedIn];
  scope.addHook('onRoute', (route) => {
    const own = listOf(route.onRequest);
    route.onRequest = [...guards.filter((guard) => !own.includes(guard)), ...own];
    if (changes(route)) route.preParsing = [writeAllowed, ...listOf(route.preParsing)];
  });
}

/**
 * A protected route folder's hook file (`routes/<resource>/autohooks.ts`, loaded by
 * @fastify/autoload into the folder's own encapsulated scope before its route files): every route
 * of the folder is signed in as `options` says.
 */
export function scopeHooks(options: ScopeOptions): FastifyPluginAsync {
  return async function scope(app) {
    guardRoutes(app, options);
  };
}

/** The same scope around one plugin's routes, for routes registered outside a route folder. */
export function authenticated(
  options: ScopeOptions,
  routes: FastifyPluginAsync,
): FastifyPluginAsync {
  return async function authenticatedScope(scope) {
    guardRoutes(scope, options);
    await scope.register(routes);
  };
}
