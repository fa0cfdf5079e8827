import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { PAGE_CSS_PATH } from '../../html/page.js';
import demoRoutes from './demo.routes.js';
import logoutRoutes from './logout.routes.js';
import oidcRoutes from './oidc.routes.js';
import samlRoutes from './saml.routes.js';
import { loginQuerySchema } from '../../../contract/persona.schema.js';
import { themeOf } from '../../html/theme.js';
import { safeNextPath } from './next-path.js';
import { SIGN_IN_PATH, rememberSharedChoice } from './shared-computer.js';
import { renderProviderSignInPage, signInCss } from './sign-in-page.js';
import { requestLanguage } from '../../i18n/request-language.js';

/**
 * The backend login and logout addresses. With OpenID Connect or SAML configured, sign-in goes
 * through the university's provider and the demo sign-in does not exist; otherwise the demo page.
 */
export default async function authRoutes(app: FastifyInstance) {
  await app.register(formbody);
  const secure = app.config.nodeEnv === 'production';
  const opts = {
    productName: app.config.campus.productName,
    box: app.secretBox,
    oidcClient: app.oidcClient,
    samlProvider: app.samlProvider,
  };
  const { box, oidcClient } = opts;
  const { oidc, saml } = app.config;

  if ((oidc && oidcClient) || (saml && opts.samlProvider)) {
    // The shared-computer choice of the page below rides to the provider's callback in a cookie.
    app.addHook('preHandler', async (request, reply) => {
      if (request.routeOptions.url !== '/auth/login' || request.method !== 'GET') return;
      const query = loginQuerySchema.parse(request.query);
      rememberSharedChoice(reply, query.shared === '1', secure);
    });
  }
  // Where the apps send a person to sign in: the portal's own page first ("This is a shared
  // computer"), then the provider's; the demo sign-in page is itself that page.
  app.get(
    SIGN_IN_PATH,
    { config: { access: 'public' }, schema: { hide: true, querystring: loginQuerySchema } },
    async (request, reply) => {
      const next = safeNextPath(loginQuerySchema.parse(request.query).next);
      reply.header('cache-control', 'no-store');
      if (!(oidc && oidcClient) && !(saml && opts.samlProvider)) {
        return reply.redirect(`/auth/login?next=${encodeURIComponent(next)}`, 303);
      }
      return reply.type('text/html; charset=utf-8').send(
        renderProviderSignInPage({
          next,
          // The portal's name in the page's language (issue 59).
          productName: app.config.campuses[requestLanguage(request)].productName,
          theme: themeOf(request),
          language: requestLanguage(request),
        }),
      );
    },
  );

  if (oidc && oidcClient) {
    await app.register(oidcRoutes, { oidc, client: oidcClient, box, secure });
  } else if (saml && opts.samlProvider) {
    await app.register(samlRoutes, {
      saml,
      provider: opts.samlProvider,
      box,
      secure,
      productName: opts.productName,
    });
  } else {
    await app.register(demoRoutes, { box, secure });
  }

  app.get(
    PAGE_CSS_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(signInCss),
  );

  await app.register(logoutRoutes, opts);
}
