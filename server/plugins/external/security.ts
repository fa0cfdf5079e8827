import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { builtScriptHashes, builtStyleHashes } from '../../html/app-page.js';
import { REQUEST_ID_HEADER } from '../../metrics/request-id.js';
import { isApiPath } from './errors.js';

/**
 * The Content-Security-Policy of every answer. Scripts and styles come only from this origin (Vite
 * emits external module scripts and stylesheets; the server-rendered pages link theirs), so neither
 * `unsafe-inline` nor `unsafe-eval` is needed; the one inline style block of the built portal page
 * (its critical styles) is allowed by its hash, `styleHashes`, and the built pages' one inline
 * script (the theme, before the first paint) by its own, `scriptHashes`. Images may come from content hosts over https and from
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
  /** `'sha256-…'` sources of the built pages' inline scripts (html/app-page.ts). */
  scriptHashes: readonly string[] = [],
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
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
 * What an API answer leaves out: it is JSON, never rendered, so it gets none of the headers that only
 * mean something for a page a browser renders (about half a kilobyte less on every API call), and
 * its own policy instead of the page policy.
 */
const API_HELMET = {
  contentSecurityPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

/** The policy that forbids everything, in case an API answer is ever opened as a document. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers helmet sets for `options`. They are the same for every answer, so they are worked out
 * once, on a response of Node's own that is never sent, rather than by running helmet on each request
 * (per request it cost the cached read about 6 µs of CPU and its garbage, bench/README.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let done = false;
  // helmet only sets and removes headers on the response; it never reads the request.
  helmet(options)(response.req, response, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Security headers on every answer, worked out once by helmet: CSP, nosniff, Referrer-Policy, no framing,
 * COOP and CORP, HSTS in production. A route's own header replaces the common one (the calendar
 * feed's Referrer-Policy, the unsubscribe and outbox pages' CSP).
 */
export default fp(
  async function security(app: FastifyInstance) {
    const { config, samlProvider } = app;
    const production = config.nodeEnv === 'production';
    const dsn = config.campus.errorReporting.dsn;
    const sloUrl = samlProvider?.identityProvider.sloUrl;
    // The logout form's answer redirects to the provider's logout: the form may lead there.
    const signOutTo = config.oidc
      ? [config.oidc.issuer.origin]
      : sloUrl
        ? [new URL(sloUrl).origin]
        : [];
    // Issue 89: Pay posts the browser's form to the uPay site's page; without scripts, Finances'
    // Pay form is answered with a redirect to QuikPAY, which the policy must let the form follow.
    const payTo =
      config.payment.kind === 'touchnet' || config.payment.kind === 'nelnet'
        ? [new URL(config.payment.url).origin]
        : [];
    const formsTo = [...signOutTo, ...payTo];
    const contentSecurityPolicy = {
      useDefaults: false,
      directives: cspDirectives(
        production,
        config.campus.videoHosts,
        dsn ? [new URL(dsn).origin] : [],
        formsTo,
        // The built portal page's critical styles are inline: allowed by their hash, computed
        // here from the very bytes the client plugin serves.
        builtStyleHashes(config.clientDir),
        // And its theme script, inline in both apps' pages: allowed by the hash of the same bytes.
        builtScriptHashes(config.clientDir),
      ),
    };
    const common = {
      strictTransportSecurity: production ? { maxAge: 31_536_000 } : false,
      // `same-origin`, not `no-referrer`: with no-referrer Chromium sends `Origin: null` on our own
      // form posts, and the CSRF origin check would refuse them.
      referrerPolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    } as const;
    const page = securityHeaders({ ...common, contentSecurityPolicy });
    const api = {
      ...securityHeaders({ ...common, ...API_HELMET }),
      'content-security-policy': API_CSP,
    };
    // A plain hook (no promise, no turn of the microtask queue): every answer pays it.
    app.addHook('onRequest', function setSecurityHeaders(request, reply, next) {
      reply.headers(isApiPath(request.url) ? api : page);
      // The id the logs carry, so a student's report of a failure can be found in them.
      reply.header(REQUEST_ID_HEADER, request.id);
      next();
    });
  },
  { name: 'security', dependencies: ['identity'] },
);
