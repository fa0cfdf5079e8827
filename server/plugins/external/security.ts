import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { builtStyleHashes } from '../../html/app-page.js';
import { REQUEST_ID_HEADER } from '../../metrics/request-id.js';
import { isApiPath } from './errors.js';

/**
 * The Content-Security-Policy of every answer. Scripts and styles come only from this origin (Vite
 * emits external module scripts and stylesheets; the server-rendered pages link theirs), so neither
 * `unsafe-inline` nor `unsafe-eval` is needed; the one inline style block of the built portal page
 * (its critical styles) is allowed by its hash, `styleHashes`. Images may come from content hosts over https and from
 * data: URLs (ID photos, the favicon). Frames: only the video players the campus configured
 * (`videoHosts`, post type video_embed); nothing else frames into a page.
 */
export function cspDirectives(
  production: boolean,
  videoHosts: readonly string[] = [],
  /** Origins the pages may also call: the error-reporting service, when one is configured. */
  connectTo: string[] = [],
  /**
   * Origins a form post may end up at: the identity provider, when one is configured, since the
   * logout form's answer redirects there to end the provider's session too.
   */
  formsTo: string[] = [],
  /** `'sha256-…'` sources of the built pages' inline style blocks (html/app-page.ts). */
  styleHashes: readonly string[] = [],
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...styleHashes],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectTo],
    'media-src': ["'self'", 'https:'],
    'frame-src': ["'self'", ...videoHosts],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'", ...formsTo],
    'frame-ancestors': ["'none'"],
    // On plain-http development hosts an upgrade would break every same-origin load.
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The headers helmet sets for these options. They are the same for every answer, so they are worked
 * out once here rather than by running helmet on each request (which re-parses the policy every time).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  // helmet only calls setHeader/removeHeader on the response and never reads the request.
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => (done = true),
  );
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Headers that only mean something for a page a browser renders. */
const PAGE_ONLY = [
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * An API answer is JSON, never rendered: it gets the policy that forbids everything (in case it is
 * ever opened as a document) instead of the page policy, and no page-only headers. Every API call
 * carries about half a kilobyte less.
 */
export function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers = Object.fromEntries(
    Object.entries(pageHeaders).filter(([name]) => !PAGE_ONLY.includes(name)),
  );
  headers['content-security-policy'] = "default-src 'none'; frame-ancestors 'none'";
  return headers;
}

/** Security headers on every answer: CSP, nosniff, Referrer-Policy, no framing, HSTS in production. */
export default fp(
  async function security(app: FastifyInstance) {
    const { config, samlProvider } = app;
    const production = config.nodeEnv === 'production';
    const dsn = config.campus.errorReporting.dsn;
    const sloUrl = samlProvider?.identityProvider.sloUrl;
    // The logout form's answer redirects to the provider's logout: the form may lead there.
    const formsTo = config.oidc
      ? [config.oidc.issuer.origin]
      : sloUrl
        ? [new URL(sloUrl).origin]
        : [];
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: cspDirectives(
          production,
          config.campus.videoHosts,
          dsn ? [new URL(dsn).origin] : [],
          formsTo,
          // The built portal page's critical styles are inline: allowed by their hash, computed
          // here from the very bytes the client plugin serves.
          builtStyleHashes(config.clientDir),
        ),
      },
      strictTransportSecurity: production ? { maxAge: 31_536_000 } : false,
      // `same-origin`, not `no-referrer`: with no-referrer Chromium sends `Origin: null` on our own
      // form posts, and the CSRF origin check would refuse them.
      referrerPolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    });
    const api = apiHeaders(headers);
    app.addHook('onRequest', (request, reply, next) => {
      reply.headers(isApiPath(request.url) ? api : headers);
      // The id the logs carry, so a student's report of a failure can be found in them.
      reply.header(REQUEST_ID_HEADER, request.id);
      next();
    });
  },
  { name: 'security', dependencies: ['identity'] },
);
