import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoSignInBodySchema, loginQuerySchema } from '../../../contract/persona.schema.js';
import { demoClaims } from '../../auth/demo-provider.js';
import { IdentityUnavailableError, identify } from '../../auth/identity.js';
import type { SecretBox } from '../../auth/secret-box.js';
import { sendProblem } from '../../html/page.js';
import { themeOf } from '../../html/theme.js';
import { findPersona, personas } from '../../sis/personas.js';
import { issueLoginCsrf, isLoginCsrfValid } from './login-csrf.js';
import { safeNextPath } from './next-path.js';
import { renderSignInPage } from './sign-in-page.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { SIS_UNAVAILABLE } from './sign-in-problems.js';

/** @public Registered by auth.routes.ts with its options, not by the routes' folder loader. */
export const autoload = false;

/** The embedded default sign-in: a page listing the personas; choosing one signs in as them. */
export default async function demoRoutes(
  app: FastifyInstance,
  opts: { box: SecretBox; secure: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/auth/login',
    { config: { access: 'public' }, schema: { hide: true, querystring: loginQuerySchema } },
    async (request, reply) => {
      const next = safeNextPath(request.query.next);
      const csrf = issueLoginCsrf(request, reply, opts.box, opts.secure);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          renderSignInPage({
            personas,
            next,
            csrf,
            // The portal's name in the page's language (issue 59).
            productName: app.config.campuses[requestLanguage(request)].productName,
            theme: themeOf(request),
            language: requestLanguage(request),
          }),
        );
    },
  );

  r.post(
    '/auth/demo-sign-in',
    { config: { access: 'public' }, schema: { hide: true, body: demoSignInBodySchema } },
    async (request, reply) => {
      const next = safeNextPath(request.body.next);
      if (!isLoginCsrfValid(request, opts.box, request.body.csrf)) {
        await app.audit(request, 'auth.signInFailed', { method: 'demo', reason: 'csrf' }, null);
        return sendProblem(request, reply, {
          status: 403,
          title: (i18n) => i18n._({ id: 'problem.sign-in.refused', message: 'Sign-in refused' }),
          detail: (i18n) =>
            i18n._({
              id: 'problem.sign-in.csrf',
              message: 'CSRF check failed: reload the sign-in page and try again.',
            }),
          link: {
            href: `/auth/login?next=${encodeURIComponent(next)}`,
            text: (i18n) => i18n._({ id: 'problem.sign-in.back', message: 'Back to sign-in' }),
          },
        });
      }
      const persona = findPersona(request.body.persona);
      let profile;
      try {
        profile = await identify(app, demoClaims(persona, app.config.groups), {
          persona: persona.id,
          ...(persona.is_new_student === undefined
            ? {}
            : { is_new_student: persona.is_new_student }),
        });
      } catch (err) {
        if (!(err instanceof IdentityUnavailableError)) throw err;
        request.log.error({ err }, 'the SIS did not answer at sign-in');
        await app.audit(request, 'auth.signInFailed', { method: 'demo', reason: 'sis' }, null);
        return sendProblem(request, reply, SIS_UNAVAILABLE);
      }
      const user = await app.repositories.users.upsert(profile, app.clock());
      app.changes.signedIn({ ...user, roles: [user.primary_role, ...user.other_roles] });
      const sharedComputer = request.body.shared === '1';
      await app.sessions.start(request, reply, user.id, { sharedComputer });
      await app.audit(
        request,
        'auth.signIn',
        { method: 'demo', persona: persona.id, ...(sharedComputer ? { sharedComputer } : {}) },
        user,
      );
      return reply.redirect(next, 303);
    },
  );
}
