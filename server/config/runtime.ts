import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Env } from './env.js';

export interface ConfigFiles {
  /** `dist/build.json`, written by `npm run build` with the git short hash. */
  buildStamp?: string | URL;
}

/** The stamp sits two folders above the compiled module: dist/server/config/runtime.js → dist/build.json. */
const defaultBuildStamp = new URL('../../build.json', import.meta.url);

/** The short hash the last build recorded, or undefined when there is no readable stamp. */
function readBuildHash(stamp: string | URL = defaultBuildStamp): string | undefined {
  try {
    const parsed = z
      .object({ hash: z.string().min(1) })
      .safeParse(JSON.parse(readFileSync(stamp, 'utf8')));
    return parsed.success ? parsed.data.hash : undefined;
  } catch {
    return undefined;
  }
}

/** `PUBLIC_ORIGIN`, else where the identity provider sends people back to, else this server. */
function publicOriginOf(e: Env): string {
  if (e.PUBLIC_ORIGIN) return new URL(e.PUBLIC_ORIGIN).origin;
  if (e.OIDC_REDIRECT_URI) return new URL(e.OIDC_REDIRECT_URI).origin;
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(e.HOST) ? 'localhost' : e.HOST;
  return new URL(`http://${host.includes(':') ? `[${host}]` : host}:${e.PORT}`).origin;
}

/**
 * The process itself: where it listens and is reached, behind which proxies, its logs, limits,
 * metrics, the built client it serves and the build it is.
 */
export function runtimeConfig(e: Env, files: ConfigFiles) {
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    /** Fastify's `trustProxy`: off, a hop count, or the proxies' addresses. */
    trustProxy: e.TRUST_PROXY,
    rateLimit: {
      signInPerMinute: e.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      apiPerMinute: e.RATE_LIMIT_API_PER_MINUTE,
      inboundPerMinute: e.RATE_LIMIT_INBOUND_PER_MINUTE,
    },
    /**
     * An inbound call in flight holds its `Idempotency-Key` this long past its last renewal (it renews
     * every third of it while it runs): after that a retry takes it over (server/inbound/idempotency.ts).
     */
    inboundLeaseMs: e.INBOUND_LEASE_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    /**
     * The origin people reach the portal at (`https://portal.example.edu`), for the links the server
     * writes into what it sends elsewhere (the personal calendar): never the request's `Host`, which
     * the sender chooses. `PUBLIC_ORIGIN`, else the origin of `OIDC_REDIRECT_URI`, else this server's
     * own address (`http://localhost:<PORT>`).
     */
    publicOrigin: publicOriginOf(e),
    clientDir: e.CLIENT_DIR,
    /**
     * The portal's first screen drawn by the server from the app's own components (issue 75,
     * server/html/server-render.ts); off: the browser draws it, as before.
     */
    serverRender: e.SERVER_RENDER === 'on',
    serverRenderMs: e.SERVER_RENDER_MS,
    buildHash: e.BUILD_HASH ?? readBuildHash(files.buildStamp) ?? 'dev',
    /** Every /api call answers 503, so the portal shows its maintenance screen. */
    maintenance: e.MAINTENANCE,
    /**
     * On SIGTERM the process drains (server.ts): `/readyz` answers 503 at once, requests under way
     * finish, and after this long it exits whatever is left.
     */
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    /**
     * Issue 90: whether this process runs the scheduled work (`worker` or `all`); a `web` process
     * only answers requests. Each job runs once across processes under its lease either way.
     */
    role: e.PROCESS_ROLE,
    /**
     * `/metrics` (Prometheus): on the main port behind `Authorization: Bearer <token>` when `token` is
     * set, on a port of its own when `port` is set; with neither it is not served at all.
     */
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    /** Issue 90: OpenTelemetry traces, sent by OTLP/HTTP when an endpoint is set (metrics/tracing.ts). */
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, ''),
          serviceName: e.OTEL_SERVICE_NAME,
          ratio: e.OTEL_TRACES_SAMPLER_ARG,
        }
      : null,
  };
}
