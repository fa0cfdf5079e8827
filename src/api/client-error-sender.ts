import type * as SentrySdk from '@sentry/browser';
import type { Site } from '../../contract/campus.schema.js';
import { CLIENT_ERROR_LIMITS, clientErrorSchema } from '../../contract/client-error.schema.js';
import type { ClientApp, ClientError } from '../../contract/client-error.schema.js';

type Sentry = typeof SentrySdk;

/** One error as the page saw it: its path is the page's when it happened. */
export interface SeenError {
  kind: ClientError['kind'];
  error: unknown;
  componentStack?: string | undefined;
  path: string;
}

export interface SenderOptions {
  app: ClientApp;
  site: Site;
  origin: string;
  send: typeof fetch;
  /** Loads the Sentry SDK; only ever called when the campus configured a DSN. */
  loadSentry: () => Promise<Sentry>;
}

const cut = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * What reports an error, loaded after the first screen or with the first error
 * (src/api/client-errors.ts): posts it to `POST /api/client-errors` and, only when the campus
 * configured a DSN, to that Sentry-compatible service too (its SDK is fetched then, never otherwise).
 */
export function errorSender(options: SenderOptions): (seen: SeenError) => void {
  const { app, site, origin, send } = options;
  let sentry: Sentry | undefined;
  const { dsn, tracesSampleRate } = site.campus.errorReporting;
  if (dsn) {
    options
      .loadSentry()
      .then((sdk) => {
        sdk.init({
          dsn,
          release: site.build,
          tracesSampleRate,
          integrations: [sdk.browserTracingIntegration()],
        });
        sentry = sdk;
      })
      .catch(() => undefined);
  }
  return ({ kind, error, componentStack, path }) => {
    if (kind === 'render') sentry?.captureException(error, { extra: { componentStack } });
    const body = clientErrorSchema.safeParse({
      app,
      kind,
      message: cut(
        error instanceof Error ? error.message : String(error),
        CLIENT_ERROR_LIMITS.message,
      ),
      stack: cut(error instanceof Error ? error.stack : undefined, CLIENT_ERROR_LIMITS.stack),
      componentStack: cut(componentStack, CLIENT_ERROR_LIMITS.stack),
      path: cut(path, CLIENT_ERROR_LIMITS.path),
      build: cut(site.build, CLIENT_ERROR_LIMITS.build),
    });
    if (!body.success) return;
    void send(`${origin}/api/client-errors`, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body.data),
    }).catch(() => undefined);
  };
}
