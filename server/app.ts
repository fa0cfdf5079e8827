import { startTracing } from './metrics/tracing.js';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import { traceIds } from './net/trace.js';
import { fileURLToPath } from 'node:url';
import autoload from '@fastify/autoload';
import Fastify from 'fastify';
import type { FastifyServerOptions, RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { FeedProblems } from './feeds/feed-problems.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { CacheStore } from './cache/store.js';
import client from './plugins/client.js';
import { clientErrorHandler, frameworkErrors } from './plugins/external/errors.js';
import { requestSerializer } from './log-redaction.js';
import { answerSerializerCompiler } from './plugins/serializer.js';
import openapi from './plugins/openapi.js';
import { checkAccess } from './auth/access.js';
import { requestIds } from './metrics/request-id.js';
import { lazyRequestLogger } from './request-logger.js';
import type { SessionPolicy } from './plugins/app/session.js';
import type { NotifyOptions } from './notify/notify.js';
import type { CourseworkOptions } from './coursework/coursework.js';
import type { SisPort } from './sis/port.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** The time source; tests pass a fake clock. */
  clock?: () => Date;
  /** Overrides the session timeouts of the configuration. */
  sessionPolicy?: SessionPolicy;
  /** Sees every route as it is added (the security suites list the endpoints with it). */
  onRoute?: (route: RouteOptions) => void;
  logger?: FastifyServerOptions['logger'];
  /** The student information system; by default chosen from the configuration (sis/). */
  sis?: SisPort;
  /** Where cached answers live; by default Redis when REDIS_URL is set, else the in-process LRU. */
  cacheStore?: CacheStore;
  /** Reminders: whether this process runs the planner and the worker (server.ts does), a test mailer. */
  notify?: NotifyOptions;
  /** Coursework feeds: whether this process reads them on a schedule (server.ts does), test TLS. */
  coursework?: CourseworkOptions;
  /** With tracing on, where spans go instead of OTLP (tests' in-memory exporter). */
  spanExporter?: SpanExporter;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: () => Date;
  }
}

/** What the plugins of plugins/external and plugins/app are given: each reads its own part. */
type PluginOptions = Pick<
  AppOptions,
  'database' | 'sis' | 'cacheStore' | 'sessionPolicy' | 'notify' | 'coursework'
>;

/** A folder of the server, as built: server/ under tests and tsx, dist/server/ when started. */
const folder = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * One folder per resource; its route files are `*.routes.ts` (`.tsx`; `.js` once built), so its
 * views and helpers are never loaded as plugins. A protected folder's one `autohooks.ts` applies its
 * scope to that folder's routes only: hooks do not cascade, so a resource's `public/` folder has
 * none. Routes write their whole path: no prefix from the folder's name.
 */
export const routeFolders = {
  dir: folder('routes'),
  dirNameRoutePrefix: false,
  autoHooks: true,
  cascadeHooks: false,
  scriptPattern: /(?<!\.d)\.(?:ts|tsx|js)$/,
  matchFilter: /\.routes\.(?:ts|tsx|js)$/,
};

/** Every logger the app is given writes request addresses with their secrets blanked. */
function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || logger === null) return logger;
  return { ...logger, serializers: { ...logger.serializers, req: requestSerializer } };
}

/** With tracing on (issue 90), every log line carries the active span's trace and span ids. */
function withTraceIds(
  logger: FastifyServerOptions['logger'],
  config: Config,
): FastifyServerOptions['logger'] {
  if (!config.tracing || typeof logger !== 'object' || logger === null) return logger;
  return { ...logger, mixin: traceIds };
}

/** A hop count trusts that many proxies nearest the server; a list trusts those addresses only. */
function trustProxyOption(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the whole server. It never listens: server.ts does, tests call `app.inject()`. */
export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: withTraceIds(withRedaction(options.logger ?? { level: config.logLevel }), config),
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors,
    clientErrorHandler,
    genReqId: requestIds(),
    childLoggerFactory: lazyRequestLogger,
    // A username (150 characters, contract/grants.schema.ts) is a path parameter of the grants API;
    // percent-encoded, one character takes up to 9: any username the provider gives is grantable.
    routerOptions: { maxParamLength: 150 * 9 },
    // Node would answer a request without Host with an empty 400: plugins/external/host-header.ts answers it.
    http: { requireHostHeader: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('lifecycle', { draining: false });
  // Issue 90: before any route, so Fastify's instrumentation sees every one.
  const tracing = config.tracing ? await startTracing(config.tracing, options.spanExporter) : null;
  app.decorate('tracing', tracing);
  if (tracing) {
    await app.register(tracing.plugin);
    app.addHook('onClose', () => tracing.shutdown());
  }
  app.decorate('feedProblems', new FeedProblems());
  // While draining, every answer closes its connection: the proxy opens its next one to a process
  // that stays (nginx keeps idle connections to each upstream). A plain hook: an async one costs
  // every answer a promise and a turn of the microtask queue.
  app.addHook('onSend', function closeWhileDraining(_request, reply, payload, done) {
    if (app.lifecycle.draining) void reply.header('connection', 'close');
    done(null, payload);
  });

  // The generator learns routes as they are added, so it comes before any; the routes the app's
  // caller watches (onRoute) are the portal's own, not the API document's.
  await app.register(openapi, { production: config.nodeEnv === 'production' });
  // Every route declares who may do what on it (auth/access.ts): one without fails the start.
  checkAccess(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // By folder (@fastify/autoload): what the app stands on, then the domain services, then the
  // routes. Inside a folder the order is each plugin's declared dependencies (fastify-plugin).
  const given: PluginOptions = {
    database: options.database,
    sis: options.sis,
    cacheStore: options.cacheStore,
    sessionPolicy: options.sessionPolicy,
    notify: options.notify,
    coursework: options.coursework,
  };
  await app.register(autoload, { dir: folder('plugins/external'), options: given });
  await app.register(autoload, { dir: folder('plugins/app'), options: given });
  await app.register(autoload, routeFolders);

  // Last: its catch-all answers every address no route above has.
  await app.register(client, { root: config.clientDir });
  return app;
}
