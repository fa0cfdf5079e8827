import type { I18n } from '@lingui/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginQuerySchema } from '../../../contract/persona.schema.js';
import { maskedEmail } from '../../../contract/email-address.rules.js';
import { signInClaims } from '../../auth/claims.js';
import type { OidcClient } from '../../auth/oidc-client.js';
import { ProviderUnavailableError, oidcTransactionSchema } from '../../auth/oidc-client.js';
import type { SecretBox } from '../../auth/secret-box.js';
import type { OidcConfig } from '../../config.js';
import { sendProblem } from '../../html/page.js';
import {
  noUsername,
  notVerified,
  PROVIDER_UNAVAILABLE,
  signInAgain,
  signInDidNotComplete,
} from './sign-in-problems.js';
import { safeNextPath } from './next-path.js';
import { startSessionFor } from './start-session.js';

export const OIDC_TRANSACTION_COOKIE = 'portal_oidc';
/** The ID token, kept sealed for the provider's logout (`id_token_hint`). */
export const ID_TOKEN_COOKIE = 'portal_idt';
const TRANSACTION_MINUTES = 10;

const param = z.string().max(4096).optional();
const callbackQuerySchema = z.object({
  code: param,
  state: param,
  iss: param,
  error: param,
  error_description: param,
});

/** @public Registered by auth.routes.ts with its options, not by the routes' folder loader. */
export const autoload = false;

/** Sign-in through the university's OpenID provider: authorization code flow with PKCE. */
export default async function oidcRoutes(
  app: FastifyInstance,
  opts: { oidc: OidcConfig; client: OidcClient; box: SecretBox; secure: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { client, box } = opts;
  const authCookie = {
    path: '/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secure,
  } as const;

  r.get(
    '/auth/login',
    { config: { access: 'public' }, schema: { hide: true, querystring: loginQuerySchema } },
    async (request, reply) => {
      const next = safeNextPath(request.query.next);
      try {
        const { url, transaction } = await client.start(next);
        const expires = new Date(app.clock().getTime() + TRANSACTION_MINUTES * 60_000);
        reply.setCookie(OIDC_TRANSACTION_COOKIE, box.seal('oidc-txn', transaction, expires), {
          ...authCookie,
          maxAge: TRANSACTION_MINUTES * 60,
        });
        return reply.header('cache-control', 'no-store').redirect(url.href, 303);
      } catch (err) {
        if (!(err instanceof ProviderUnavailableError)) throw err;
        request.log.error({ err }, 'OpenID provider unavailable');
        return sendProblem(request, reply, PROVIDER_UNAVAILABLE);
      }
    },
  );

  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    reason: string,
    problem: { status: number; detail: (i18n: I18n) => string; next: string },
  ) {
    await app.audit(request, 'auth.signInFailed', { method: 'oidc', reason }, null);
    return sendProblem(request, reply, {
      status: problem.status,
      title: signInDidNotComplete,
      detail: problem.detail,
      link: { href: `/auth/login?next=${encodeURIComponent(problem.next)}`, text: signInAgain },
    });
  }

  r.get(
    '/auth/callback',
    { config: { access: 'public' }, schema: { hide: true, querystring: callbackQuerySchema } },
    async (request, reply) => {
      const sealed = request.cookies[OIDC_TRANSACTION_COOKIE];
      reply.clearCookie(OIDC_TRANSACTION_COOKIE, authCookie);
      const found = oidcTransactionSchema.safeParse(
        sealed ? box.unseal('oidc-txn', sealed, app.clock()) : undefined,
      );
      if (!found.success) {
        return refuse(request, reply, 'no-transaction', {
          status: 400,
          detail: (i18n) =>
            i18n._({
              id: 'problem.sign-in.expired',
              message: 'This sign-in expired or was started elsewhere. Please sign in again.',
            }),
          next: '/',
        });
      }
      // The path was checked at /auth/login; checked again here, where the browser is sent.
      const transaction = { ...found.data, next: safeNextPath(found.data.next) };
      if (request.query.error) {
        return refuse(request, reply, request.query.error, {
          status: 403,
          detail: (i18n) =>
            i18n._({
              id: 'problem.sign-in.not-signed-in',
              message: 'The sign-in service did not sign you in.',
            }),
          next: transaction.next,
        });
      }
      let result;
      try {
        const query = request.url.indexOf('?');
        result = await client.finish(query < 0 ? '' : request.url.slice(query), transaction);
      } catch (err) {
        if (err instanceof ProviderUnavailableError) {
          request.log.error({ err }, 'OpenID provider unavailable');
          return sendProblem(request, reply, PROVIDER_UNAVAILABLE);
        }
        request.log.warn({ err }, 'OpenID sign-in response refused');
        return refuse(request, reply, 'invalid-response', {
          status: 400,
          detail: notVerified,
          next: transaction.next,
        });
      }
      const claims = signInClaims(
        result.claims,
        opts.oidc.usernameClaim,
        app.config.groups.claim,
        (email) =>
          request.log.warn(
            { email: maskedEmail(email) },
            'the identity provider gave an email claim that is not one address; none kept',
          ),
      );
      if (!claims) {
        return refuse(request, reply, 'no-username', {
          status: 403,
          detail: noUsername,
          next: transaction.next,
        });
      }
      const user = await startSessionFor(app, request, reply, claims, 'oidc', result.upstream);
      if (!user) return reply;
      if (result.idToken) {
        const expires = new Date(
          app.clock().getTime() + app.config.session.absoluteHours * 3_600_000,
        );
        reply.setCookie(ID_TOKEN_COOKIE, box.seal('id-token', result.idToken, expires), authCookie);
      }
      await app.audit(request, 'auth.signIn', { method: 'oidc' }, user);
      return reply.redirect(transaction.next, 303);
    },
  );
}
