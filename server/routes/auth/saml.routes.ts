import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginQuerySchema } from '../../../contract/persona.schema.js';
import { maskedEmail } from '../../../contract/email-address.rules.js';
import { samlSignInClaims } from '../../auth/saml-attributes.js';
import {
  SAML_REQUEST_MINUTES,
  SAML_RESPONSE_MAX_CHARS,
  SamlRefusedError,
  browserHashOf,
  newBrowserValue,
} from '../../auth/saml-request.js';
import type { SamlServiceProvider, SamlSession } from '../../auth/saml-sp.js';
import type { SecretBox } from '../../auth/secret-box.js';
import type { SamlConfig } from '../../config.js';
import { sendProblem } from '../../html/page.js';
import { safeNextPath } from './next-path.js';
import { startSessionFor } from './start-session.js';

/** Marks the browser that started a sign-in: the stored request is bound to its hash. */
export const SAML_BROWSER_COOKIE = 'portal_saml_browser';
/** What single logout needs of the session (NameID, SessionIndex), sealed. */
export const SAML_SESSION_COOKIE = 'portal_saml';
const BROWSER_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The IdP's POST: the response and the RelayState the portal sent (none), nothing else. */
export const samlAcsBodySchema = z.strictObject({
  SAMLResponse: z.string().min(1).max(SAML_RESPONSE_MAX_CHARS),
  RelayState: z.string().max(80).optional(),
});

/** A redirect-bound logout message is deflated: small compressed, bounded before it is inflated. */
const SLO_MESSAGE_MAX_CHARS = 16 * 1024;
const sloQuerySchema = z.object({
  SAMLResponse: z.string().max(SLO_MESSAGE_MAX_CHARS).optional(),
  SAMLRequest: z.string().max(SLO_MESSAGE_MAX_CHARS).optional(),
  RelayState: z.string().max(80).optional(),
  SigAlg: z.string().max(200).optional(),
  Signature: z.string().max(2048).optional(),
});

const unavailable = {
  status: 503,
  title: 'Sign-in unavailable',
  detail: 'The sign-in service cannot be reached right now. Please try again in a moment.',
};

/** @public Registered by auth.routes.ts with its options, not by the routes' folder loader. */
export const autoload = false;

/**
 * Sign-in through the university's SAML identity provider: an AuthnRequest by HTTP-Redirect from
 * /auth/login, the response by HTTP-POST to /auth/saml/acs, the portal's metadata for the IdP team.
 * The ACS is posted from the IdP's site, so no same-origin check applies there: the response must
 * answer a request this browser started (its cookie), once, and be signed by the IdP.
 */
export default async function samlRoutes(
  app: FastifyInstance,
  opts: {
    saml: SamlConfig;
    provider: SamlServiceProvider;
    box: SecretBox;
    secure: boolean;
    productName: string;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { provider, box } = opts;
  // The ACS is a cross-site POST from the IdP: a Lax cookie would not come with it.
  const browserCookie = {
    path: '/auth/saml',
    httpOnly: true,
    secure: opts.secure,
    sameSite: opts.secure ? 'none' : 'lax',
  } as const;

  // Requests nobody answered (the person gave up at the IdP) go once they expire.
  const sweep = setInterval(() => {
    app.repositories.samlRequests
      .deleteExpired(app.clock())
      .catch((err: unknown) => app.log.warn({ err }, 'could not remove expired SAML requests'));
  }, SAML_REQUEST_MINUTES * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  r.get('/auth/saml/metadata', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(provider.metadata(opts.productName)),
  );

  r.get(
    '/auth/login',
    { schema: { hide: true, querystring: loginQuerySchema } },
    async (request, reply) => {
      const next = safeNextPath(request.query.next);
      let browser = request.cookies[SAML_BROWSER_COOKIE];
      if (!browser || !BROWSER_VALUE.test(browser)) browser = newBrowserValue();
      let url: string;
      try {
        url = await provider.start(next, browserHashOf(browser), app.clock(), (record) =>
          app.repositories.samlRequests.save(record),
        );
      } catch (err) {
        request.log.error({ err }, 'SAML sign-in could not start');
        return sendProblem(request, reply, unavailable);
      }
      reply.setCookie(SAML_BROWSER_COOKIE, browser, {
        ...browserCookie,
        maxAge: SAML_REQUEST_MINUTES * 60,
      });
      return reply.header('cache-control', 'no-store').redirect(url, 303);
    },
  );

  /**
   * A refused sign-in: the sign-in problem page with a reference (the request id) that the log
   * line and the audit entry carry too, so the help desk finds what went wrong.
   */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    reason: string,
    problem: { status: number; detail: string; next: string },
    err?: unknown,
  ) {
    const reference = request.id;
    request.log.warn({ err, reason, reference }, 'SAML sign-in response refused');
    await app.audit(request, 'auth.signInFailed', { method: 'saml', reason, reference }, null);
    return sendProblem(request, reply, {
      status: problem.status,
      title: 'Sign-in did not complete',
      detail: `${problem.detail} If this happens again, give the help desk this reference: ${reference}.`,
      link: { href: `/auth/login?next=${encodeURIComponent(problem.next)}`, text: 'Sign in again' },
    });
  }

  r.post(
    '/auth/saml/acs',
    { schema: { hide: true, body: samlAcsBodySchema } },
    async (request, reply) => {
      const browser = request.cookies[SAML_BROWSER_COOKIE] ?? '';
      const browserHash = BROWSER_VALUE.test(browser) ? browserHashOf(browser) : '';
      let signIn;
      try {
        signIn = await provider.finish(request.body.SAMLResponse, (id) =>
          browserHash
            ? app.repositories.samlRequests.take(id, browserHash, app.clock())
            : Promise.resolve(undefined),
        );
      } catch (err) {
        if (!(err instanceof SamlRefusedError)) throw err;
        return refuse(
          request,
          reply,
          err.reason,
          {
            status: 400,
            detail:
              err.reason === 'in-response-to' || err.reason === 'unsolicited'
                ? 'This sign-in expired, was already used or was started elsewhere. Please sign in again.'
                : 'The answer of the sign-in service could not be verified. Please sign in again.',
            next: '/',
          },
          err,
        );
      }
      // The path was checked at /auth/login; checked again here, where the browser is sent.
      const next = safeNextPath(signIn.next);
      const claims = samlSignInClaims(signIn, opts.saml, (email) =>
        request.log.warn(
          { email: maskedEmail(email) },
          'the identity provider gave a mail attribute that is not one address; none kept',
        ),
      );
      if (!claims) {
        return refuse(request, reply, 'no-username', {
          status: 403,
          detail: 'Your account has no username the portal can use. Please contact the help desk.',
          next,
        });
      }
      const user = await startSessionFor(app, request, reply, claims, 'saml');
      if (!user) return reply;
      const session: SamlSession = {
        nameId: signIn.nameId,
        ...(signIn.nameIdFormat ? { nameIdFormat: signIn.nameIdFormat } : {}),
        ...(signIn.sessionIndex ? { sessionIndex: signIn.sessionIndex } : {}),
      };
      const expires = new Date(
        app.clock().getTime() + app.config.session.absoluteHours * 3_600_000,
      );
      reply.setCookie(SAML_SESSION_COOKIE, box.seal('saml-session', session, expires), {
        path: '/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secure,
      });
      reply.clearCookie(SAML_BROWSER_COOKIE, browserCookie);
      await app.audit(request, 'auth.signIn', { method: 'saml' }, user);
      return reply.redirect(next, 303);
    },
  );

  /**
   * Single logout's return address. The portal session ended before the browser left for the IdP,
   * so a LogoutResponse only leads home. A LogoutRequest (a logout the IdP started elsewhere) must
   * be signed by the IdP: it ends this browser's portal session and answers with a LogoutResponse.
   */
  r.get(
    '/auth/saml/slo',
    { schema: { hide: true, querystring: sloQuerySchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { SAMLRequest } = request.query;
      if (!SAMLRequest) return reply.redirect('/', 303);
      const query = request.url.indexOf('?');
      let answer: string;
      try {
        answer = await provider.answerLogoutRequest(
          { ...request.query, SAMLRequest },
          query < 0 ? '' : request.url.slice(query + 1),
        );
      } catch (err) {
        if (!(err instanceof SamlRefusedError)) throw err;
        request.log.warn({ err }, 'SAML logout request refused');
        return reply.redirect('/', 303);
      }
      const user = await app.sessions.end(request, reply);
      if (user) await app.audit(request, 'auth.signOut', { method: 'saml', by: 'idp' }, user);
      reply.clearCookie(SAML_SESSION_COOKIE, { path: '/auth' });
      return reply.redirect(answer, 303);
    },
  );
}
