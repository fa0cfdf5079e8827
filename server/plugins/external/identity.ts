import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OidcClient } from '../../auth/oidc-client.js';
import { keepsSignInToken } from '../../auth/sis-token.js';
import type { SamlServiceProvider } from '../../auth/saml-sp.js';
import { SecretBox } from '../../auth/secret-box.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals what the server hands out and reads back (sign-in state, feed addresses, tokens). */
    secretBox: SecretBox;
    /** The university's OpenID Connect provider, when OIDC_* is configured. */
    oidcClient: OidcClient | undefined;
    /** The SAML service provider with the IdP's metadata, when SAML_* is configured. */
    samlProvider: SamlServiceProvider | undefined;
  }
}

/**
 * The identity provider the portal signs people in with, and the key that seals what it hands out.
 * SAML: the IdP's metadata is read before anything serves (a start without it is refused), then
 * daily, so a new signing certificate is trusted from the next refresh on. The SAML and XML libraries
 * load only here, when SAML is configured (auth/saml-request.ts).
 */
export default fp(
  async function identity(app: FastifyInstance) {
    const { config } = app;
    const samlProvider = config.saml
      ? await (await import('../../auth/saml-sp.js')).SamlServiceProvider.load(config.saml)
      : undefined;
    if (samlProvider) {
      samlProvider.refreshDaily((err) =>
        app.log.error({ err }, 'the SAML IdP metadata could not be refreshed; the last one stays'),
      );
      app.addHook('onClose', async () => samlProvider.stop());
    }
    app.decorate('samlProvider', samlProvider);
    // The sign-in's access token is kept for a read as the student (issues 91 and 92), exchanged
    // for the audience the system read accepts, where one is set (config.ts refuses two).
    const { peoplesoft, degree } = config.sis;
    const audience =
      peoplesoft?.tokenAudience ??
      (degree.source === 'degreeworks' && degree.auth.mode === 'student'
        ? degree.auth.tokenAudience
        : undefined);
    const upstream = keepsSignInToken(config) ? { audience } : null;
    app.decorate(
      'oidcClient',
      config.oidc ? new OidcClient(config.oidc, upstream, () => app.clock()) : undefined,
    );
    app.decorate('secretBox', new SecretBox(config.sessionSecret));
    if (config.nodeEnv === 'production' && !config.sessionSecret) {
      app.log.warn(
        'SESSION_SECRET is unset: sign-ins in progress break at a restart or across processes',
      );
    }
  },
  { name: 'identity' },
);
