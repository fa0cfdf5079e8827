import type { I18n } from '@lingui/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginQuerySchema } from '../../../contract/persona.schema.js';
import { maskedEmail } from '../../../contract/email-address.rules.js';
import { samlSignInClaims } from '../../auth/saml-attributes.js';
import {
  SAML_CLOCK_SKEW_MS,
  SAML_PENDING_MAX,
  SAML_REQUEST_MINUTES,
  SAML_RESPONSE_MAX_CHARS,
  SamlRefusedError,
  pendingSamlRequestSchema,
} from '../../auth/saml-request.js';
import type { PendingSamlRequest } from '../../auth/saml-request.js';
import type { SamlServiceProvider, SamlSession } from '../../auth/saml-sp.js';
import type { SecretBox } from '../../auth/secret-box.js';
import type { SamlConfig } from '../../config.js';
import { sendProblem } from '../../html/page.js';
import {
  noUsername,
  notVerified,
  PROVIDER_UNAVAILABLE,
  signInAgain,
  signInDidNotComplete,
} from './sign-in-problems.js';
import { safeNextPath } from './next-path.js';
import { SAML_SESSION_COOKIE, samlLogoutRoutes, samlUsedOnce } from './saml-logout.js';
import { startSessionFor } from './start-session.js';

/** The sign-ins this browser started and has not finished (their AuthnRequest ids), sealed. */
export const SAML_REQUEST_COOKIE = 'portal_saml_request';
/** The sealed requests stay under a browser's 4 KB a cookie: the oldest go first past this. */
const PENDING_MAX_JSON = 2_600;
const pendingListSchema = z.array(pendingSamlRequestSchema).max(SAML_PENDING_MAX);

/** The IdP's POST: the response and the RelayState the portal sent (none), nothing else. */
export const samlAcsBodySchema = z.strictObject({
  SAMLResponse: z.string().min(1).max(SAML_RESPONSE_MAX_CHARS),
  RelayState: z.string().max(80).optional(),
});

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
  const requestCookie = {
    path: '/auth/saml',
    httpOnly: true,
    secure: opts.secure,
    sameSite: opts.secure ? 'none' : 'lax',
  } as const;

  /** This browser's unexpired sign-ins, from its sealed cookie (none when absent or tampered). */
  function pendingOf(request: FastifyRequest, now: Date): PendingSamlRequest[] {
    const sealed = request.cookies[SAML_REQUEST_COOKIE];
    const parsed = pendingListSchema.safeParse(
      sealed ? box.unseal('saml-request', sealed, now) : undefined,
    );
    const oldest = now.getTime() - SAML_REQUEST_MINUTES * 60_000 - SAML_CLOCK_SKEW_MS;
    return parsed.success ? parsed.data.filter((p) => p.at > oldest) : [];
  }

  r.get(
    '/auth/saml/metadata',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(provider.metadata(opts.productName)),
  );

  r.get(
    '/auth/login',
    { config: { access: 'public' }, schema: { hide: true, querystring: loginQuerySchema } },
    async (request, reply) => {
      const next = safeNextPath(request.query.next);
      const now = app.clock();
      let started;
      try {
        started = await provider.start(next, now);
      } catch (err) {
        request.log.error({ err }, 'SAML sign-in could not start');
        return sendProblem(request, reply, PROVIDER_UNAVAILABLE);
      }
      // The newest first, as many as fit a cookie: a second tab's sign-in keeps the first's.
      const kept: PendingSamlRequest[] = [started.pending];
      for (const earlier of pendingOf(request, now).reverse()) {
        if (kept.length >= SAML_PENDING_MAX) break;
        if (JSON.stringify([...kept, earlier]).length > PENDING_MAX_JSON) break;
        kept.push(earlier);
      }
      const expires = new Date(now.getTime() + SAML_REQUEST_MINUTES * 60_000);
      reply.setCookie(SAML_REQUEST_COOKIE, box.seal('saml-request', kept.reverse(), expires), {
        ...requestCookie,
        maxAge: SAML_REQUEST_MINUTES * 60,
      });
      return reply.header('cache-control', 'no-store').redirect(started.url, 303);
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
    problem: { status: number; detail: (i18n: I18n) => string; next: string },
    err?: unknown,
  ) {
    const reference = request.id;
    request.log.warn({ err, reason, reference }, 'SAML sign-in response refused');
    await app.audit(request, 'auth.signInFailed', { method: 'saml', reason, reference }, null);
    return sendProblem(request, reply, {
      status: problem.status,
      title: signInDidNotComplete,
      detail: (i18n) =>
        i18n._({
          id: 'problem.sign-in.with-reference',
          message:
            '{detail} If this happens again, give the help desk this reference: {reference}.',
          values: { detail: problem.detail(i18n), reference },
        }),
      link: { href: `/auth/login?next=${encodeURIComponent(problem.next)}`, text: signInAgain },
    });
  }

  r.post(
    '/auth/saml/acs',
    { config: { access: 'public' }, schema: { hide: true, body: samlAcsBodySchema } },
    async (request, reply) => {
      let signIn;
      try {
        signIn = await provider.finish(
          request.body.SAMLResponse,
          pendingOf(request, app.clock()),
          (key, until) => samlUsedOnce(app, key, until),
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
              err.reason === 'in-response-to'
                ? (i18n) =>
                    i18n._({
                      id: 'problem.sign-in.used',
                      message:
                        'This sign-in expired, was already used or was started elsewhere. Please sign in again.',
                    })
                : err.reason === 'busy' || err.reason === 'timeout'
                  ? (i18n) =>
                      i18n._({
                        id: 'problem.sign-in.busy',
                        message: 'The sign-in service is busy. Please sign in again in a moment.',
                      })
                  : notVerified,
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
          detail: noUsername,
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
      reply.clearCookie(SAML_REQUEST_COOKIE, requestCookie);
      await app.audit(request, 'auth.signIn', { method: 'saml' }, user);
      return reply.redirect(next, 303);
    },
  );

  samlLogoutRoutes(app, { provider, box });
}
