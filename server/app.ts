import Fastify from 'fastify';
import type { FastifyServerOptions, RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { OidcClient } from './auth/oidc-client.js';
import { FeedProblems } from './feeds/feed-problems.js';
import { SecretBox } from './auth/secret-box.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { CacheStore } from './cache/store.js';
import cache from './plugins/cache.js';
import cacheHeaders from './plugins/cache-headers.js';
import dataSources from './plugins/data-sources.js';
import audit from './plugins/audit.js';
import { authenticated } from './plugins/authenticated.js';
import type { ScopeOptions } from './plugins/authenticated.js';
import client from './plugins/client.js';
import { builtStyleHashes } from './html/app-page.js';
import db from './plugins/db.js';
import errors, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import { requestSerializer } from './log-redaction.js';
import rateLimit from './plugins/rate-limit.js';
import redis from './plugins/redis.js';
import repositories from './plugins/repositories.js';
import security from './plugins/security.js';
import hostHeader from './plugins/host-header.js';
import { answerSerializerCompiler } from './plugins/serializer.js';
import maintenance from './plugins/maintenance.js';
import messages from './messages/plugin.js';
import metrics from './plugins/metrics.js';
import openapi from './plugins/openapi.js';
import { requestIds } from './metrics/request-id.js';
import { lazyRequestLogger } from './request-logger.js';
import session from './plugins/session.js';
import sessionSync from './plugins/session-sync.js';
import type { SessionPolicy } from './plugins/session.js';
import type { NotifyOptions } from './notify/plugin.js';
import coursework from './coursework/plugin.js';
import type { CourseworkOptions } from './coursework/coursework.js';
import sis from './plugins/sis.js';
import attendanceRoutes from './routes/academics/attendance.routes.js';
import adminRoutes from './routes/admin/admin.routes.js';
import grantsRoutes from './routes/admin/grants.routes.js';
import authRoutes from './routes/auth/auth.routes.js';
import cacheRoutes from './routes/cache/cache.routes.js';
import campusRoutes from './routes/campus/campus.routes.js';
import searchRoutes from './routes/search/search.routes.js';
import clientErrorsRoutes from './routes/client-errors/client-errors.routes.js';
import demoRoutes from './routes/demo/demo.routes.js';
import calendarRoutes from './routes/calendar/calendar.routes.js';
import feedsRoutes from './routes/feeds/feeds.routes.js';
import healthRoutes from './routes/health/health.routes.js';
import integrationActionsRoutes from './routes/integrations/actions.routes.js';
import integrationsRoutes from './routes/integrations/integrations.routes.js';
import raveRoutes from './routes/integrations/rave.routes.js';
import notificationsRoutes from './routes/notifications/notifications.routes.js';
import preferencesRoutes from './routes/preferences/preferences.routes.js';
import dashboardRoutes from './routes/dashboard/dashboard.routes.js';
import profileRoutes from './routes/profile/profile.routes.js';
import rolesRoutes from './routes/roles/roles.routes.js';
import usersRoutes from './routes/users/users.routes.js';
import type { SisPort } from './sis/port.js';
import content from './content/plugin.js';
import nextSteps from './next-steps/plugin.js';
import pagesRoutes from './routes/content/pages.routes.js';
import postsRoutes from './routes/content/posts.routes.js';
import myNextStepsRoutes from './routes/mynextsteps/mynextsteps.routes.js';
import nextStepsChoicesRoutes from './routes/next-steps/choices.routes.js';
import nextStepsTaskRoutes from './routes/next-steps/tasks.routes.js';
import nextStepsUserRoutes from './routes/next-steps/user.routes.js';
import notify from './notify/plugin.js';
import unsubscribeRoutes from './routes/notify/unsubscribe.routes.js';
import pushRoutes from './routes/push/push.routes.js';
import courseworkRoutes, {
  canvasCallbackRoutes,
  canvasConnectRoutes,
} from './routes/coursework/coursework.routes.js';
import webAppRoutes from './routes/web-app/web-app.routes.js';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: () => Date;
  }
}

/** Every logger the app is given writes request addresses with their secrets blanked. */
function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || logger === null) return logger;
  return { ...logger, serializers: { ...logger.serializers, req: requestSerializer } };
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
    logger: withRedaction(options.logger ?? { level: config.logLevel }),
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors,
    clientErrorHandler,
    genReqId: requestIds(),
    childLoggerFactory: lazyRequestLogger,
    // A username (150 characters, contract/grants.schema.ts) is a path parameter of the grants API;
    // percent-encoded, one character takes up to 9: any username the provider gives is grantable.
    routerOptions: { maxParamLength: 150 * 9 },
    // Node would answer a request without Host with an empty 400: plugins/host-header.ts answers it.
    http: { requireHostHeader: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('lifecycle', { draining: false });
  app.decorate('feedProblems', new FeedProblems());
  // While draining, every answer closes its connection: the proxy opens its next one to a process
  // that stays (nginx keeps idle connections to each upstream).
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) void reply.header('connection', 'close');
  });

  const production = config.nodeEnv === 'production';
  // SAML: the IdP's metadata is read before anything serves (a start without it is refused), then
  // daily, so a new signing certificate is trusted from the next refresh on.
  // The SAML and XML libraries load only here, when SAML is configured (auth/saml-request.ts).
  const samlProvider = config.saml
    ? await (await import('./auth/saml-sp.js')).SamlServiceProvider.load(config.saml)
    : undefined;
  if (samlProvider) {
    samlProvider.refreshDaily((err) =>
      app.log.error({ err }, 'the SAML IdP metadata could not be refreshed; the last one stays'),
    );
    app.addHook('onClose', async () => samlProvider.stop());
  }
  await app.register(openapi, { production });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const box = new SecretBox(config.sessionSecret);
  if (production && !config.sessionSecret) {
    app.log.warn(
      'SESSION_SECRET is unset: sign-ins in progress break at a restart or across processes',
    );
  }

  await app.register(errors);
  await app.register(cacheHeaders);
  await app.register(db, { database: options.database });
  await app.register(repositories);
  await app.register(metrics);
  await app.register(security, {
    production,
    videoHosts: config.campus.videoHosts,
    // The logout form's answer redirects to the provider's logout: the form may lead there.
    formsTo: config.oidc
      ? [config.oidc.issuer.origin]
      : samlProvider?.identityProvider.sloUrl
        ? [new URL(samlProvider.identityProvider.sloUrl).origin]
        : [],
    // The built portal page's critical styles are inline: allowed by their hash, computed here from
    // the very bytes the client plugin serves.
    styleHashes: builtStyleHashes(config.clientDir),
  });
  await app.register(hostHeader);
  // After the security headers and the metrics: a maintenance answer carries and counts like any.
  await app.register(maintenance, { enabled: config.maintenance });
  await app.register(redis);
  // Before the session plugin: the limiter runs ahead of the authentication guards.
  await app.register(rateLimit, config.rateLimit);
  await app.register(session, {
    secure: production,
    policy: options.sessionPolicy ?? {
      idleMs: config.session.idleMinutes * 60_000,
      absoluteMs: config.session.absoluteHours * 3_600_000,
    },
  });
  await app.register(sessionSync);
  await app.register(dataSources);
  await app.register(audit);

  await app.register(sis, options.sis ? { port: options.sis } : {});
  await app.register(cache, options.cacheStore ? { store: options.cacheStore } : {});

  // Routes for a signed-in person are registered through authenticated(): its guard finds them before
  // the handler (request.user); routes that mix public and signed-in addresses wrap their own.
  const signedIn: ScopeOptions = { by: 'token' };
  await app.register(healthRoutes);
  await app.register(authRoutes, {
    productName: config.campus.productName,
    box,
    oidcClient: config.oidc ? new OidcClient(config.oidc) : undefined,
    samlProvider,
  });
  await app.register(adminRoutes);
  await app.register(authenticated({ by: 'session', right: 'superuser' }, grantsRoutes));
  await app.register(usersRoutes);
  await app.register(authenticated(signedIn, preferencesRoutes));
  await app.register(authenticated(signedIn, dashboardRoutes));
  await app.register(authenticated(signedIn, rolesRoutes));
  await app.register(authenticated(signedIn, profileRoutes));
  await app.register(authenticated(signedIn, integrationsRoutes));
  await app.register(authenticated(signedIn, integrationActionsRoutes));
  await app.register(authenticated(signedIn, attendanceRoutes));
  await app.register(authenticated(signedIn, cacheRoutes));
  await app.register(campusRoutes);
  await app.register(webAppRoutes);
  await app.register(authenticated({ by: 'session' }, demoRoutes));
  await app.register(feedsRoutes);
  await app.register(calendarRoutes, { box });
  await app.register(nextSteps);
  await app.register(nextStepsUserRoutes);
  await app.register(authenticated(signedIn, nextStepsTaskRoutes));
  await app.register(authenticated(signedIn, nextStepsChoicesRoutes));
  await app.register(authenticated(signedIn, myNextStepsRoutes));
  await app.register(notify, options.notify ?? {});
  await app.register(unsubscribeRoutes);
  await app.register(authenticated(signedIn, pushRoutes));
  await app.register(coursework, { ...options.coursework, box });
  await app.register(authenticated(signedIn, courseworkRoutes));
  await app.register(authenticated(signedIn, canvasConnectRoutes));
  await app.register(canvasCallbackRoutes);
  await app.register(messages);
  await app.register(authenticated(signedIn, notificationsRoutes));
  await app.register(authenticated(signedIn, raveRoutes));
  await app.register(content);
  await app.register(authenticated(signedIn, postsRoutes));
  await app.register(authenticated(signedIn, pagesRoutes));
  await app.register(authenticated(signedIn, searchRoutes));
  await app.register(clientErrorsRoutes);

  await app.register(client, { root: config.clientDir });
  return app;
}
