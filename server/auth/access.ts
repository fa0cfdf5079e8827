import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { DelegateCategory } from '../../contract/delegates.schema.js';

/**
 * What each capacity may do on a route (issue 88), declared in the route's options
 * (`config: { access }`) and read by one `onRoute` hook (`requireAccess`): no path table decides it.
 *
 * - `self`: the person on their own record: `'read'` (a read), `'write'` (a change), null (nobody
 *   signed in acts for themselves here).
 * - `support`: a staff member viewing a student's record (view-as): `'read'` or null. Support never
 *   writes.
 * - `delegate`: someone a student named, in the categories the student shared: `may: 'read'`, or
 *   `'pay'` on a change a delegate may make (paying the bill); null when no category shows it.
 * - `writesOnRead`: a read that records something for the person (a fresh SIS read comparing the
 *   record, marking seen, opening or closing a task). Its writes run only for the person themselves
 *   (`writesForSubject`); a read that writes without saying so is refused by that function.
 */
export interface RouteAccess {
  readonly self: 'read' | 'write' | null;
  readonly support: 'read' | null;
  readonly delegate: DelegateAccess | null;
  readonly writesOnRead?: true;
}

export interface DelegateAccess {
  /** The category (or categories: the term reads serve Finances and Academics) that shows it. */
  readonly category: DelegateCategory | readonly DelegateCategory[];
  readonly may: 'read' | 'pay';
}

/**
 * A route's declaration: a `RouteAccess`, or a route no signed-in person reaches through the
 * capacities: `'public'` (open to everyone: health, sign-in, the campus, a delegate's own sign-in and
 * session, whose credential the route reads itself) or `'publisher'` (the inbound API, by a
 * publisher's key).
 */
export type Access = RouteAccess | 'public' | 'publisher';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may do what on this route (server/auth/access.ts): every route declares it. */
    access: Access;
  }
}

/** A route that declared no access: the server does not start (`requireAccess`). */
export class UndeclaredAccessError extends Error {
  override name = 'UndeclaredAccessError';
  constructor(route: string) {
    super(`${route} declares no access (config.access, server/auth/access.ts)`);
  }
}

const isAccess = (value: unknown): value is Access =>
  value === 'public' ||
  value === 'publisher' ||
  (typeof value === 'object' && value !== null && 'self' in value && 'support' in value);

const methodsOf = (route: Pick<RouteOptions, 'method'>) =>
  Array.isArray(route.method) ? route.method : [route.method];

/** Throws `UndeclaredAccessError` unless `route` declares its access. */
export function requireAccess(route: RouteOptions): void {
  const config: { access?: unknown } | undefined = route.config;
  if (!isAccess(config?.access))
    throw new UndeclaredAccessError(`${methodsOf(route).join(',')} ${route.url}`);
}

/**
 * The app's one `onRoute` hook for access (app.ts): every route added from then on is read, and the
 * app does not start (`ready` fails with `UndeclaredAccessError`) while one declares none. Read once
 * the app is ready rather than as the route is added, so a scope around a library's routes (the
 * built apps' files, plugins/client.ts) may declare them in its own onRoute hook, which runs after
 * this one.
 */
export function checkAccess(app: FastifyInstance): void {
  const added: RouteOptions[] = [];
  app.addHook('onRoute', function readAccess(route) {
    added.push(route);
  });
  app.addHook('onReady', async function everyRouteDeclaresAccess() {
    for (const route of added.splice(0)) requireAccess(route);
  });
}

/** An onRoute hook declaring every route of its scope `access` (a library's routes, which take no config). */
export const declaring =
  (access: Access) =>
  (route: RouteOptions): void => {
    route.config = { ...route.config, access };
  };

/** A read that wrote for the person without declaring `writesOnRead`: refused, never skipped quietly. */
export class UndeclaredWriteOnReadError extends Error {
  override name = 'UndeclaredWriteOnReadError';
  constructor(route: string) {
    super(`${route} writes on a read without declaring writesOnRead (server/auth/access.ts)`);
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request reads (GET, HEAD, OPTIONS): its writes, if any, are writes on read. */
export const isRead = (method: string) => READS.has(method);

/**
 * Whether what a request records for its subject as a side effect is recorded (issue 88): only
 * for the person themselves, never for support's or a delegate's read. A read asking it must have
 * declared `writesOnRead` (else `UndeclaredWriteOnReadError`); a change has passed `mayWrite`.
 */
export function writesForSubject(request: FastifyRequest): boolean {
  const access = request.routeOptions.config.access;
  const declared = typeof access !== 'string' && access.writesOnRead === true;
  if (isRead(request.method) && !declared)
    throw new UndeclaredWriteOnReadError(`${request.method} ${request.routeOptions.url ?? ''}`);
  const { actor, subject } = request;
  return actor.capacity === 'self' && actor.user.id === subject.id;
}

/** The categories that show a route to a delegate (none when it is not a delegate's). */
export function categoriesOfAccess(access: Access): readonly DelegateCategory[] {
  if (typeof access === 'string' || access.delegate === null) return [];
  const { category } = access.delegate;
  return typeof category === 'string' ? [category] : category;
}

/** A change only the person makes, for themselves (the staff admin's, a preference): named for shared route options. */
export const SELF_WRITES = {
  self: 'write',
  support: null,
  delegate: null,
} as const satisfies RouteAccess;
