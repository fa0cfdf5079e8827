import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { errorSchema } from '../../contract/error.schema.js';

/** What a route's guards say about how it is called (plugins/app/session.ts moves them to onRequest). */
export interface Guards {
  token: unknown;
  session: unknown;
  cookie: unknown;
  form: unknown;
  staff: unknown;
}

export const guardsOf = (app: FastifyInstance): Guards => ({
  token: app.requireToken,
  session: app.requireSession,
  cookie: app.requireCookie,
  form: app.requireForm,
  staff: app.requireStaff,
});

const listOf = (hooks: unknown): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** The tag of a path: its API area, so the reference groups operations the way the URL map does. */
export function tagOf(url: string): string {
  if (url.startsWith('/next-steps/api/')) return 'next-steps';
  if (url.startsWith('/api/integrations/mynextsteps')) return 'next-steps';
  if (url.startsWith('/api/integrations/')) return 'student-information';
  const first = /^\/(?:api\/)?([a-z0-9_-]+)/i.exec(url)?.[1] ?? 'portal';
  return first.replaceAll('_', '-').toLowerCase();
}

/** `GET /next-steps/api/user_task/:id/` → `getNextStepsUserTaskById`: unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((part) => part !== '' && part !== 'api')
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[^a-z0-9]+/i)))
    .filter((word) => word !== '');
  const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

type Security = Record<string, string[]>[];

/**
 * Who may call: the guards say it; a route that checks the session cookie itself (it declares a 401
 * answer but names no guard) uses the cookie; anything else is public (`[]`, stated explicitly).
 */
export function securityOf(route: RouteOptions, guards: Guards, declares401: boolean): Security {
  const hooks = [...listOf(route.onRequest), ...listOf(route.preHandler)];
  if (hooks.includes(guards.session)) return [{ cookie: [], csrf: [] }];
  if (hooks.includes(guards.token)) return [{ token: [] }];
  if (hooks.includes(guards.cookie) || hooks.includes(guards.form)) return [{ cookie: [] }];
  if (declares401) return [{ cookie: [] }];
  return [];
}

/** A documentation field of a route schema (FastifySchema types only the validation ones). */
const field = (schema: FastifySchema, key: string): unknown => Reflect.get(schema, key);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');
const isSecurity = (value: unknown): value is Security =>
  Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null);

const ERROR_TEXT: Record<number, string> = {
  400: 'The query, path or body does not match the contract',
  401: 'Not signed in, or the session ended',
  403: 'Signed in, but not allowed (CSRF check, staff only, provisional account)',
  404: 'No such item',
  429: 'Too many requests: the rate limit (Retry-After says when to try again)',
};

const isRateLimited = (url: string) =>
  url.startsWith('/api') || url.startsWith('/next-steps/api/') || url.startsWith('/admin');

/**
 * Gives every documented operation an operationId, a tag, a summary, its security requirement and
 * the 4xx answers it can give (with the error schema), derived from the route itself, so a route needs
 * none of these spelled out. What a route does spell out wins.
 */
export function describeOperation(
  schema: FastifySchema,
  route: RouteOptions,
  guards: Guards,
): FastifySchema {
  if (field(schema, 'hide') === true) return schema;
  const method = listOf(route.method).map(String)[0] ?? 'GET';
  const url = route.url;
  const declared = field(schema, 'response');
  const response: Record<string, unknown> =
    typeof declared === 'object' && declared !== null ? { ...declared } : {};
  const given = field(schema, 'security');
  const security = isSecurity(given) ? given : securityOf(route, guards, 401 in response);
  const hooks = [...listOf(route.onRequest), ...listOf(route.preHandler)];
  const errors = new Set<number>();
  if (schema.querystring || schema.body || schema.params) errors.add(400);
  if (security.length > 0) errors.add(401);
  if (hooks.includes(guards.session) || hooks.includes(guards.staff)) errors.add(403);
  if (url.includes(':')) errors.add(404);
  if (isRateLimited(url)) errors.add(429);
  for (const status of errors) response[status] ??= errorSchema.describe(ERROR_TEXT[status] ?? '');
  const tags = field(schema, 'tags');
  return {
    ...schema,
    operationId: text(field(schema, 'operationId')) ?? operationIdOf(method, url),
    tags: isStrings(tags) ? tags : [tagOf(url)],
    summary: text(field(schema, 'summary')) ?? `${method} ${url}`,
    security,
    response,
  };
}
