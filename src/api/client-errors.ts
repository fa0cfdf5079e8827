import type * as SentrySdk from '@sentry/browser';
import type { Site } from '../../contract/campus.schema.js';
import { CLIENT_ERROR_LIMITS, clientErrorSchema } from '../../contract/client-error.schema.js';
import type { ClientApp, ClientError } from '../../contract/client-error.schema.js';

/** Reports per page load: a render loop must not become a flood. */
const MAX_REPORTS = 10;

type Sentry = typeof SentrySdk;

export interface ErrorReporting {
  /** Reports one error; `componentStack` for a failed render. */
  report: (kind: ClientError['kind'], error: unknown, componentStack?: string) => void;
  /**
   * For React's root options `onCaughtError` and `onUncaughtError` (errors the error boundaries
   * caught, and renders nothing caught): `createRoot(el, { onCaughtError: r.onRenderError, … })`.
   */
  onRenderError: (error: unknown, info: { componentStack?: string | undefined }) => void;
  stop: () => void;
}

export interface ErrorReportingOptions {
  app: ClientApp;
  site: Site;
  fetch?: typeof fetch;
  target?: Window;
  /** Loads the Sentry SDK; only ever called when the campus configured a DSN. */
  loadSentry?: () => Promise<Sentry>;
}

const cut = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * Sends the browser's uncaught errors, unhandled rejections and failed renders to
 * `POST /api/client-errors`, and, only when the campus configured a DSN, to that Sentry-compatible
 * service too (its SDK is fetched then, never otherwise). Reporting never throws.
 */
export function startErrorReporting(options: ErrorReportingOptions): ErrorReporting {
  const { app, site } = options;
  const target = options.target ?? window;
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const seen = new Set<string>();
  let sentry: Sentry | undefined;
  const { dsn, tracesSampleRate } = site.campus.errorReporting;
  if (dsn) {
    const load = options.loadSentry ?? (() => import('@sentry/browser'));
    load()
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

  function report(kind: ClientError['kind'], error: unknown, componentStack?: string) {
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error ? error.stack : undefined;
    const key = `${kind}:${message}`;
    if (seen.has(key) || seen.size >= MAX_REPORTS) return;
    seen.add(key);
    if (kind === 'render') sentry?.captureException(error, { extra: { componentStack } });
    const body = clientErrorSchema.safeParse({
      app,
      kind,
      message: cut(message, CLIENT_ERROR_LIMITS.message),
      stack: cut(stack, CLIENT_ERROR_LIMITS.stack),
      componentStack: cut(componentStack, CLIENT_ERROR_LIMITS.stack),
      path: cut(target.location.pathname, CLIENT_ERROR_LIMITS.path),
      build: cut(site.build, CLIENT_ERROR_LIMITS.build),
    });
    if (!body.success) return;
    void send(`${target.location.origin}/api/client-errors`, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body.data),
    }).catch(() => undefined);
  }

  const onError = (event: ErrorEvent) => report('error', event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => report('rejection', event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return {
    report,
    onRenderError: (error, info) => report('render', error, info.componentStack),
    stop: () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    },
  };
}
