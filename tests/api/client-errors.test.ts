// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultCampus } from '../../contract/campus.schema.js';
import type { Site } from '../../contract/campus.schema.js';
import { clientErrorSchema } from '../../contract/client-error.schema.js';
import { startErrorReporting } from '../../src/api/client-errors.js';
import type { ErrorReporting } from '../../src/api/client-errors.js';

const site: Site = { campus: defaultCampus, build: 'abc1234' };
let reporting: ErrorReporting | undefined;
afterEach(() => reporting?.stop());

function start(options: { site?: Site; loadSentry?: () => Promise<never> } = {}) {
  const sent: unknown[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    return new Response(null, { status: 204 });
  });
  reporting = startErrorReporting({ app: 'portal', site, fetch, ...options });
  return { sent, fetch };
}

describe('browser error reporting', () => {
  it('an uncaught error is posted to /api/client-errors with the page path, never its query', async () => {
    window.history.pushState({}, '', '/academics?term=202604');
    const { sent, fetch } = start();
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined') }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/client-errors$/);
    const body = clientErrorSchema.parse(sent[0]);
    expect(body).toMatchObject({ app: 'portal', kind: 'error', message: 'x is undefined' });
    expect(body.path).toBe('/academics');
    expect(body.build).toBe('abc1234');
  });

  it('issue 63: the sender loads with the first error, off the first route, and the report keeps the path the error happened on', async () => {
    window.history.pushState({}, '', '/finances');
    const { sent } = start();
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('y is undefined') }));
    window.history.pushState({}, '', '/academics');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(clientErrorSchema.parse(sent[0]).path).toBe('/finances');
  });

  it('an unhandled rejection and a failed render are reported, each once however often they recur', async () => {
    const { sent } = start();
    const rejection = new Event('unhandledrejection');
    Object.assign(rejection, { reason: new Error('load failed') });
    window.dispatchEvent(rejection);
    reporting?.onRenderError(new Error('render failed'), { componentStack: '\n at Page' });
    reporting?.onRenderError(new Error('render failed'), { componentStack: '\n at Page' });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((b) => clientErrorSchema.parse(b).kind)).toEqual(['rejection', 'render']);
    expect(clientErrorSchema.parse(sent[1]).componentStack).toBe('\n at Page');
  });

  it('a message past the limit is cut to fit the contract instead of being dropped', async () => {
    const { sent } = start();
    reporting?.report('error', new Error('x'.repeat(5000)));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(clientErrorSchema.parse(sent[0]).message).toHaveLength(1000);
  });

  it('nothing leaves the campus by default: the error service SDK is not even loaded', () => {
    const loadSentry = vi.fn(() => Promise.reject(new Error('not expected')));
    start({ loadSentry });
    expect(loadSentry).not.toHaveBeenCalled();
  });

  it('with a DSN configured, the SDK is loaded and set up with trace sampling 0.05', async () => {
    const init = vi.fn();
    const sdk = { init, browserTracingIntegration: () => ({ name: 'BrowserTracing' }) };
    const dsn = 'https://key@errors.campus.example.edu/4';
    const configured = {
      ...site,
      campus: { ...defaultCampus, errorReporting: { dsn, tracesSampleRate: 0.05 } },
    };
    reporting = startErrorReporting({
      app: 'next-steps',
      site: configured,
      fetch: async () => new Response(null, { status: 204 }),
      loadSentry: async () => Object.assign(Object.create(null) as object, sdk) as never,
    });
    await vi.waitFor(() => expect(init).toHaveBeenCalled());
    expect(init.mock.calls[0]?.[0]).toMatchObject({
      dsn,
      tracesSampleRate: 0.05,
      release: 'abc1234',
    });
  });
});
