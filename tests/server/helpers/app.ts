import { randomBytes } from 'node:crypto';
import { globSync } from 'node:fs';
import path from 'node:path';
import type {
  FastifyInstance,
  FastifyServerOptions,
  LightMyRequestResponse,
  RouteOptions,
} from 'fastify';
import pg from 'pg';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { openDatabase, underStartLock } from '../../../server/db/database.js';
import type { Database, StartStep } from '../../../server/db/database.js';
import { configuredSeed } from '../../../server/store-seed.js';
import type { NotifyOptions } from '../../../server/notify/notify.js';
import type { CourseworkOptions } from '../../../server/coursework/coursework.js';
import type { SessionPolicy } from '../../../server/plugins/app/session.js';
import type { SisPort } from '../../../server/sis/port.js';
import type { PersonaId } from '../../../contract/persona.schema.js';
import { userSchema } from '../../../contract/user.schema.js';
import { csrfFor } from '../../../server/plugins/app/session.js';

/**
 * The modules the app loads by folder (@fastify/autoload: its plugins, routes and their hooks),
 * imported once as this helper loads, before any test's time limit runs: on a busy two-core machine
 * their first import took a file's first app 15–22 s, inside the limit of the test that made it
 * (20 seconds then). Autoload's own imports then find them loaded.
 */
const server = path.resolve(import.meta.dirname, '../../../server');
await Promise.all(
  globSync('{plugins/external,plugins/app,routes}/**/*.{ts,tsx}', { cwd: server })
    .filter((file) => !file.endsWith('.d.ts'))
    .map((file) => import(path.join(server, file))),
);

export interface TestAppOptions {
  clock?: () => Date;
  sessionPolicy?: SessionPolicy;
  clientDir?: string;
  env?: Record<string, string>;
  onRoute?: (route: RouteOptions) => void;
  /** The store to use instead of a new in-memory SQLite one (several apps sharing one store). */
  database?: Database;
  /** The student information system to use instead of the sample one. */
  sis?: SisPort;
  /** Reminders: run the planner and worker, a mailer of the test's own (tests/server/notify). */
  notify?: NotifyOptions;
  /** Coursework feeds: the certificate of the test's LMS, a fixed jitter. */
  coursework?: CourseworkOptions;
  /** A logger of the test's own (the suites that read log lines); by default none. */
  logger?: FastifyServerOptions['logger'];
  /** With OTEL_EXPORTER_OTLP_ENDPOINT in `env`, where spans go instead (an in-memory exporter). */
  spanExporter?: SpanExporter;
}

/**
 * `TEST_STORE=postgres` with `DATABASE_URL`: each app gets a PostgreSQL schema of its own (dropped
 * when it closes) instead of in-memory SQLite, so a server suite runs unchanged on the other store
 * (`TEST_STORE=postgres DATABASE_URL=postgres://… npx vitest run tests/server/notify`).
 */
const postgresUrl = process.env.TEST_STORE === 'postgres' ? process.env.DATABASE_URL : undefined;
if (process.env.TEST_STORE === 'postgres' && !postgresUrl) {
  throw new Error('TEST_STORE=postgres needs DATABASE_URL.');
}

/** A fresh store for one app: in-memory SQLite, or a PostgreSQL schema and how to drop it. */
interface Store {
  database: Database;
  drop?: () => Promise<void>;
}

async function freshStore(seed: StartStep, traced: boolean): Promise<Store> {
  if (!postgresUrl)
    return { database: await openDatabase({ sqliteFile: ':memory:', seed, traced }) };
  const schema = `app_${randomBytes(6).toString('hex')}`;
  return {
    database: await openDatabase({ url: postgresUrl, schema, seed, traced }),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

/** The whole server on a fresh store (unless one is given: see `freshStore`); nothing listens. */
export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    CLIENT_DIR: options.clientDir ?? '/nonexistent-client-dir',
    LOG_LEVEL: 'silent',
    // Suites sign in many times a minute from one address; the rate-limit suite sets its own.
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
    RATE_LIMIT_API_PER_MINUTE: '100000',
    ...options.env,
  });
  // The store's start seeds it, as server.ts's does (a store the test opened itself, here).
  const seed = configuredSeed(config, options.clock?.() ?? new Date());
  // With tracing on, a span for each store query, as server.ts opens it.
  const store: Store = options.database
    ? { database: options.database }
    : await freshStore(seed, Boolean(config.tracing));
  const { database } = store;
  if (options.database) await underStartLock(database, seed);
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.sessionPolicy ? { sessionPolicy: options.sessionPolicy } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.sis ? { sis: options.sis } : {}),
    ...(options.notify ? { notify: options.notify } : {}),
    ...(options.coursework ? { coursework: options.coursework } : {}),
    ...(options.spanExporter ? { spanExporter: options.spanExporter } : {}),
  });
  const { drop } = store;
  if (drop) app.addHook('onClose', drop);
  return app;
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'portal_session');
  if (!cookie) throw new Error(`No session cookie in answer ${response.statusCode}`);
  return `portal_session=${cookie.value}`;
}

/** Opens the demo sign-in page as a browser would: its sign-in cookie and the form's CSRF token. */
export async function openSignInPage(app: FastifyInstance, next = '/') {
  const page = await app.inject({ url: `/auth/login?next=${encodeURIComponent(next)}` });
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
  const login = page.cookies.find((c) => c.name === 'portal_login');
  if (!csrf || !login) throw new Error(`The sign-in page gave no CSRF pair (${page.statusCode})`);
  return { csrf, cookie: `portal_login=${login.value}`, page };
}

/** Posts the demo sign-in form of a freshly opened sign-in page, as a browser would. */
export async function postDemoSignIn(
  app: FastifyInstance,
  persona: string,
  options: { next?: string; headers?: Record<string, string>; cookie?: string } = {},
) {
  const page = await openSignInPage(app);
  const { csrf } = page;
  const cookie = options.cookie ? `${page.cookie}; ${options.cookie}` : page.cookie;
  const fields = { persona, csrf, ...(options.next === undefined ? {} : { next: options.next }) };
  return app.inject({
    method: 'POST',
    url: '/auth/demo-sign-in',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...options.headers },
  });
}

/** Signs in through the demo sign-in form and returns the session cookie and the API token. */
export async function signIn(app: FastifyInstance, persona: PersonaId) {
  const response = await postDemoSignIn(app, persona, { next: '/' });
  const cookie = sessionCookieOf(response);
  if (persona === 'provisional') return { cookie, token: '' };
  const user = await app.inject({ method: 'GET', url: '/api/users/user', headers: { cookie } });
  return { cookie, token: userSchema.parse(user.json()).auth_token };
}

/**
 * Logs out as the apps' "Log out" forms do: a POST of the session's CSRF token (a GET only asks
 * "Log out?"). `cookie` holds the session cookie, maybe among others.
 */
export function logOut(app: FastifyInstance, cookie: string) {
  const sessionId = /(?:^|;\s*)portal_session=([^;]+)/.exec(cookie)?.[1];
  if (!sessionId) throw new Error('No session cookie to log out with');
  return app.inject({
    method: 'POST',
    url: '/auth/logout',
    payload: new URLSearchParams({ csrf: csrfFor(sessionId) }).toString(),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  });
}
