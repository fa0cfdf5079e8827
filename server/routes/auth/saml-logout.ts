import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SAML_CLOCK_SKEW_MS,
  SamlRefusedError,
  samlSessionSchema,
} from '../../auth/saml-request.js';
import type { SamlLogoutRequest, SamlServiceProvider } from '../../auth/saml-sp.js';
import type { SecretBox } from '../../auth/secret-box.js';
import { usedOnceHash } from '../../db/repositories/used-once.repository.js';
import { sendProblem } from '../../html/page.js';

/**
 * Marks a SAML message's key (`authn:<id>`, `logout:<id>`) used until `until`: true for its first
 * use only, on any process (the shared store's `used_once`).
 */
export const samlUsedOnce = (app: FastifyInstance, key: string, until: Date) =>
  app.repositories.usedOnce.use('saml', usedOnceHash(key), until, app.clock());

/** What single logout needs of the session (NameID, SessionIndex), sealed. */
export const SAML_SESSION_COOKIE = 'portal_saml';

/** A redirect-bound logout message is deflated: small compressed, bounded before it is inflated. */
const SLO_MESSAGE_MAX_CHARS = 16 * 1024;
const sloQuerySchema = z.object({
  SAMLResponse: z.string().max(SLO_MESSAGE_MAX_CHARS).optional(),
  SAMLRequest: z.string().max(SLO_MESSAGE_MAX_CHARS).optional(),
  RelayState: z.string().max(80).optional(),
  SigAlg: z.string().max(200).optional(),
  Signature: z.string().max(2048).optional(),
});

/**
 * Single logout's return address, /auth/saml/slo. The portal session ended before the browser left
 * for the IdP, so a LogoutResponse only leads home (nothing of it is read). A LogoutRequest (a
 * logout the IdP started elsewhere) must be signed by the IdP over its query, carry a NotOnOrAfter
 * not yet past, and come once (its ID is kept in the store); it ends this browser's portal session
 * only when it names that session: the same NameID and, when it lists any, its SessionIndex.
 */
export function samlLogoutRoutes(
  app: FastifyInstance,
  opts: { provider: SamlServiceProvider; box: SecretBox },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { provider, box } = opts;

  /** Whether the browser's SAML session (its sealed cookie) is the one `logout` names. */
  function names(logout: SamlLogoutRequest, sealed: string | undefined, now: Date) {
    const session = samlSessionSchema.safeParse(
      sealed ? box.unseal('saml-session', sealed, now) : undefined,
    );
    if (!session.success) return null;
    const { nameId, sessionIndex } = session.data;
    if (nameId !== logout.nameId) return false;
    return (
      logout.sessionIndexes.length === 0 ||
      (sessionIndex !== undefined && logout.sessionIndexes.includes(sessionIndex))
    );
  }

  r.get(
    '/auth/saml/slo',
    { config: { access: 'public' }, schema: { hide: true, querystring: sloQuerySchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { SAMLRequest } = request.query;
      if (!SAMLRequest) return reply.redirect('/', 303);
      const query = request.url.indexOf('?');
      const now = app.clock();
      let logout: SamlLogoutRequest;
      try {
        logout = await provider.readLogoutRequest(
          { ...request.query, SAMLRequest },
          query < 0 ? '' : request.url.slice(query + 1),
          now,
        );
        const until = new Date(logout.notOnOrAfter.getTime() + SAML_CLOCK_SKEW_MS);
        if (!(await samlUsedOnce(app, `logout:${logout.id}`, until))) {
          throw new SamlRefusedError('replayed', 'the logout request was used already');
        }
      } catch (err) {
        if (!(err instanceof SamlRefusedError)) throw err;
        request.log.warn({ err, reason: err.reason }, 'SAML logout request refused');
        return sendProblem(request, reply, {
          status: 400,
          title: (i18n) =>
            i18n._({ id: 'problem.sign-out.failed', message: 'Sign-out did not complete' }),
          detail: (i18n) =>
            i18n._({
              id: 'problem.sign-out.not-verified',
              message: 'The sign-out request of the sign-in service could not be verified.',
            }),
          link: {
            href: '/',
            text: (i18n) => i18n._({ id: 'problem.go-to-portal', message: 'Go to the portal' }),
          },
        });
      }
      const named = names(logout, request.cookies[SAML_SESSION_COOKIE], now);
      if (named) {
        const user = await app.sessions.end(request, reply);
        if (user) await app.audit(request, 'auth.signOut', { method: 'saml', by: 'idp' }, user);
        reply.clearCookie(SAML_SESSION_COOKIE, { path: '/auth' });
      }
      // Another person's session here is not theirs to end: the IdP hears UnknownPrincipal.
      const answer = await provider.logoutResponseUrl(
        logout,
        request.query.RelayState ?? '',
        named !== false,
      );
      return reply.redirect(answer, 303);
    },
  );
}
