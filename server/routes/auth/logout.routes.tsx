import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OidcClient } from '../../auth/oidc-client.js';
import type { SamlServiceProvider } from '../../auth/saml-sp.js';
import { samlSessionSchema } from '../../auth/saml-request.js';
import type { SecretBox } from '../../auth/secret-box.js';
import { renderPage, sendProblem } from '../../html/page.js';
import { forgetLanguage } from '../../html/language-cookie.js';
import { forgetTheme, themeOf } from '../../html/theme.js';
import { isSameOrigin } from '../../plugins/same-origin.js';
import { SESSION_COOKIE, csrfFor } from '../../plugins/app/session.js';
import { ID_TOKEN_COOKIE } from './oidc.routes.js';
import { SAML_SESSION_COOKIE } from './saml-logout.js';
import { delegateSessionOf } from '../../delegates/tokens.js';

/** Where a delegate's session ends (server/routes/delegate/delegate-session.routes.ts). */
const DELEGATE_LOGOUT = '/auth/delegate/logout';

/** The "Log out?" form: the session's CSRF token and nothing else. */
export const logoutBodySchema = z.strictObject({ csrf: z.string().max(256) });

function confirmPage(
  productName: string,
  csrf: string | null,
  theme: 'light' | 'dark' | undefined,
  action = '/auth/logout',
) {
  return renderPage({
    title: 'Log out?',
    productName,
    theme,
    body: (
      <>
        <h1>Log out?</h1>
        <p>Do you want to log out of {productName} on this computer?</p>
        <form method="post" action={action}>
          {csrf === null ? null : <input type="hidden" name="csrf" value={csrf} />}
          <button type="submit">Log out</button>
        </form>
      </>
    ),
  });
}

/** @public Registered by auth.routes.ts with its options, not by the routes' folder loader. */
export const autoload = false;

/**
 * Logout (portal.md §2 "/logout"). Only a POST carrying the session's CSRF token (the apps' "Log out"
 * forms, or the "Log out?" page) ends the session, clears what the browser kept (Clear-Site-Data,
 * demo cookies) and then ends the provider's session, when there is one. A GET, wherever it comes
 * from, only shows the "Log out?" page: neither another site nor an image in a post on our own pages
 * (`<img src="/auth/logout">`, a same-origin request) can log anyone out.
 */
export default async function logoutRoutes(
  app: FastifyInstance,
  opts: {
    productName: string;
    box: SecretBox;
    oidcClient: OidcClient | undefined;
    samlProvider: SamlServiceProvider | undefined;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { box, oidcClient, samlProvider } = opts;

  /** SAML single logout where the IdP offers it; the portal session has ended either way. */
  async function samlLogout(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: SamlServiceProvider,
  ) {
    const sealed = request.cookies[SAML_SESSION_COOKIE];
    reply.clearCookie(SAML_SESSION_COOKIE, { path: '/auth' });
    const session = samlSessionSchema.safeParse(
      sealed ? box.unseal('saml-session', sealed, app.clock()) : undefined,
    );
    if (!session.success) return reply.redirect('/', 303);
    try {
      const url = await provider.logoutUrl(session.data);
      return reply.redirect(url ?? '/', 303);
    } catch (err) {
      request.log.warn({ err }, 'SAML single logout unavailable; ended the local session only');
      return reply.redirect('/', 303);
    }
  }

  async function logOut(request: FastifyRequest, reply: FastifyReply) {
    const user = await app.sessions.end(request, reply);
    if (user) await app.audit(request, 'auth.signOut', {}, user);
    // A shared computer: the next person starts with the device's theme, as with local storage,
    // and in their browser's language.
    forgetTheme(reply, app.config.nodeEnv === 'production');
    forgetLanguage(reply, app.config.nodeEnv === 'production');
    reply.header('cache-control', 'no-store');
    if (samlProvider) return samlLogout(request, reply, samlProvider);
    if (!oidcClient) return reply.redirect('/', 303);
    const sealed = request.cookies[ID_TOKEN_COOKIE];
    reply.clearCookie(ID_TOKEN_COOKIE, { path: '/auth' });
    const idToken = sealed ? box.unseal('id-token', sealed, app.clock()) : undefined;
    try {
      const url = await oidcClient.logoutUrl(typeof idToken === 'string' ? idToken : undefined);
      return reply.redirect(url?.href ?? '/', 303);
    } catch (err) {
      request.log.warn({ err }, 'provider logout unavailable; ended the local session only');
      return reply.redirect('/', 303);
    }
  }

  r.get(
    '/auth/logout',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const found = await app.sessions.fromCookie(request);
      // A delegate's "Log out" (the footer's, issue 88) ends their own session, as their bar's
      // Sign out does.
      if (!found && delegateSessionOf(request) !== undefined) {
        const page = confirmPage(opts.productName, null, themeOf(request), DELEGATE_LOGOUT);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(page);
      }
      if (!found) return reply.header('cache-control', 'no-store').redirect('/', 303);
      const csrf = csrfFor(request.cookies[SESSION_COOKIE] ?? '');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(confirmPage(opts.productName, csrf, themeOf(request)));
    },
  );

  r.post(
    '/auth/logout',
    { config: { access: 'public' }, schema: { hide: true, body: logoutBodySchema } },
    async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (!sessionId) return reply.header('cache-control', 'no-store').redirect('/', 303);
      if (!isSameOrigin(request) || request.body.csrf !== csrfFor(sessionId)) {
        return sendProblem(request, reply, {
          status: 403,
          title: (i18n) => i18n._({ id: 'problem.logout.refused', message: 'Logout refused' }),
          detail: (i18n) =>
            i18n._({
              id: 'problem.logout.elsewhere',
              message:
                'This logout did not come from the portal. Open the portal and log out there.',
            }),
          link: {
            href: '/',
            text: (i18n) => i18n._({ id: 'problem.back-to-portal', message: 'Back to the portal' }),
          },
        });
      }
      return logOut(request, reply);
    },
  );
}
