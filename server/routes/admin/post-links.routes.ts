import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminIdParamsSchema } from '../../../contract/admin/admin.schema.js';
import { adminPostLinkMoveSchema } from '../../../contract/admin/content.schema.js';
import { readInput, sendDone, sendInvalid, STALE_DETAIL } from '../../admin/forms.js';
import { adminCsrf } from '../../admin/guard.js';
import { sendProblem } from '../../html/page.js';
import { postPages } from './post-pages.js';
import { postValues } from './posts-view.js';

/** A post's links put in order by Up and Down (keyboard and pointer alike); each move audited. */
export default async function postLinksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const posts = app.repositories.adminPosts;
  const { timeZone } = app.config.campus;
  const { formPage, missing, audit } = postPages(app);

  r.post(
    '/admin/posts/:id/links',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      const before = await posts.find(request.params.id);
      if (!before) return missing(request, reply);
      const input = readInput(
        request,
        { position: 'int', action: 'text', version: 'int' },
        adminPostLinkMoveSchema,
        timeZone,
      );
      const refuse = async (fields: Record<string, string>) => {
        const state = { values: postValues(before, timeZone), errors: fields };
        const body = await formPage(request, state, before);
        return sendInvalid(request, reply, fields, () => body);
      };
      if (!input.ok) return refuse(input.fields);
      const { position, action, version } = input.data;
      const saved = await posts.moveLink(before.id, position, action, version);
      if (!saved.ok) {
        if (saved.reason === 'missing') return missing(request, reply);
        if (saved.reason === 'absent') return refuse({ links: 'Choose a link the post has.' });
        return sendProblem(request, reply, {
          status: 409,
          title: 'Not saved',
          detail: STALE_DETAIL,
          link: { href: `/admin/posts/${before.id}`, text: 'Open the current version' },
        });
      }
      await audit(request, `links.${action}`, before.id, before, saved.post);
      return sendDone(request, reply, `/admin/posts/${before.id}?done=saved#h-links`, saved.post);
    },
  );
}
