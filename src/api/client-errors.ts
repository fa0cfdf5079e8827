import type * as SentrySdk from '@sentry/browser';
import type { Site } from '../../contract/campus.schema.js';
import type { ClientApp, ClientError } from '../../contract/client-error.schema.js';
import type { SeenError } from './client-error-sender.js';

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

/** After the page's load and a moment's idle: what the first screen does not need waits for this. */
const afterFirstScreen = (target: Window, then: () => void) => {
  const idle = () =>
    'requestIdleCallback' in target ? target.requestIdleCallback(then) : setTimeout(then);
  if (target.document.readyState === 'complete') idle();
  else target.addEventListener('load', idle, { once: true });
};

/**
 * Hears the browser's uncaught errors, unhandled rejections and failed renders from the first line
 * on, and hands each to the sender (src/api/client-error-sender.ts), which loads with the first
 * error or after the first screen when the campus configured a Sentry DSN (issue 63: off the first
 * route). Reporting never throws.
 */
export function startErrorReporting(options: ErrorReportingOptions): ErrorReporting {
  const target = options.target ?? window;
  const seen = new Set<string>();
  let sender: Promise<(seen: SeenError) => void> | undefined;
  const loadSender = () =>
    (sender ??= import('./client-error-sender.js').then(({ errorSender }) =>
      errorSender({
        app: options.app,
        site: options.site,
        origin: target.location.origin,
        send: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
        loadSentry: options.loadSentry ?? (() => import('@sentry/browser')),
      }),
    ));
  if (options.site.campus.errorReporting.dsn) afterFirstScreen(target, () => void loadSender());

  function report(kind: ClientError['kind'], error: unknown, componentStack?: string) {
    const message = error instanceof Error ? error.message : String(error);
    const key = `${kind}:${message}`;
    if (seen.has(key) || seen.size >= MAX_REPORTS) return;
    seen.add(key);
    const path = target.location.pathname;
    loadSender()
      .then((send) => send({ kind, error, componentStack, path }))
      .catch(() => undefined);
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
