import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoSignInBodySchema, loginQuerySchema } from '../../../contract/persona.schema.js';
import { findPersona, personas } from '../../sis/personas.js';
import { safeNextPath } from './next-path.js';
import { renderSignInPage, signInCss } from './sign-in-page.js';

/** The backend login and logout addresses; with no provider configured, the demo sign-in page. */
export default async function authRoutes(app: FastifyInstance, opts: { productName: string }) {
  await app.register(formbody);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/auth/login',
    { schema: { hide: true, querystring: loginQuerySchema } },
    async (request, reply) => {
      const next = safeNextPath(request.query.next);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderSignInPage({ personas, next, productName: opts.productName }));
    },
  );

  r.get('/auth/sign-in.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(signInCss),
  );

  r.post(
    '/auth/demo-sign-in',
    { schema: { hide: true, body: demoSignInBodySchema } },
    async (request, reply) => {
      const persona = findPersona(request.body.persona);
      const user = await app.repos.users.upsertFromPersona(persona, app.clock());
      await app.sessions.start(reply, user.id);
      request.log.info({ user: user.username, persona: persona.id }, 'signed in (demo)');
      return reply.redirect(safeNextPath(request.body.next), 303);
    },
  );

  r.get('/auth/logout', { schema: { hide: true } }, async (request, reply) => {
    await app.sessions.end(request, reply);
    return reply.redirect('/', 303);
  });
}
