import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { PAGE_CSS_PATH } from '../../html/page.js';
import demoRoutes from './demo.routes.js';
import logoutRoutes from './logout.routes.js';
import oidcRoutes from './oidc.routes.js';
import samlRoutes from './saml.routes.js';
import { signInCss } from './sign-in-page.js';

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
    await app.register(demoRoutes, { productName: opts.productName, box, secure });
  }

  app.get(PAGE_CSS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(signInCss),
  );

  await app.register(logoutRoutes, opts);
}
