import postImageRoutes from './post-image.routes.js';
import postLinksRoutes from './post-links.routes.js';
import { postPages } from './post-pages.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { z } from 'zod';
import { adminDoneSchema, adminIdParamsSchema } from '../../../contract/admin/admin.schema.js';
import {
  adminPostInputSchema,
  adminPostQuerySchema,
  adminPostUpdateSchema,
} from '../../../contract/admin/content.schema.js';
import type { FormState } from '../../admin/fields.js';
import { StaleNotice } from '../../admin/fields.js';
import type { FieldErrors } from '../../admin/forms.js';
import { readInput, sendDone, sendInvalid, STALE_DETAIL, wantsPage } from '../../admin/forms.js';
import { adminAccess, adminCsrf } from '../../admin/guard.js';
import { registerVersionedDelete } from '../../admin/versioned-delete.js';
import { removePostImages } from '../../content/images.js';
import type { AdminPost, PostSave } from '../../db/repositories/admin-posts.repository.js';
import { AdminPostsRepository } from '../../db/repositories/admin-posts.repository.js';
import {
  linksOf,
  POST_FORM,
  POST_UPDATE_FORM,
  postDeleteConfirm,
  PostList,
  postValues,
} from './posts-view.js';

const DONE = { created: 'Post created.', saved: 'Changes saved.', deleted: 'Post deleted.' };
const SLUG_TAKEN: FieldErrors = { slug: 'Another post has this slug: choose another.' };

/** Content posts (portal.md §3): every type with all its fields and links, images, publishing. */
export default async function postsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const posts = new AdminPostsRepository(app.database.db);
  const mediaDir = path.join(app.config.dataDir, 'media');
  const onRequest = adminAccess(app, 'staff');
  const { timeZone } = app.config.campus;

  const { page, html, formPage, missing, audit } = postPages(app);

  r.get(
    '/admin/posts',
    {
      onRequest,
      schema: { hide: true, querystring: adminPostQuerySchema.extend({ done: adminDoneSchema }) },
    },
    async (request, reply) => {
      const notice = request.query.done ? DONE[request.query.done] : undefined;
      return html(reply).send(
        page(
          request,
          'Content',
          PostList({ posts: await posts.search(request.query), query: request.query, timeZone }),
          notice,
        ),
      );
    },
  );

  r.get('/admin/posts/new', { onRequest, schema: { hide: true } }, async (request, reply) =>
    html(reply).send(
      formPage(request, { values: { post_type: 'promo', publishing: 'now' }, errors: {} }),
    ),
  );

  r.post(
    '/admin/posts',
    { onRequest, preHandler: adminCsrf, schema: { hide: true } },
    async (request, reply) => {
      const input = readInput(request, POST_FORM, adminPostInputSchema, timeZone, linksOf);
      if (!input.ok)
        return sendInvalid(request, reply, input.fields, () =>
          formPage(request, { values: input.values, errors: input.fields }),
        );
      const saved = await posts.create(input.data);
      if (!saved.ok)
        return sendInvalid(request, reply, SLUG_TAKEN, () =>
          formPage(request, { values: input.values, errors: SLUG_TAKEN }),
        );
      await audit(request, 'create', saved.post.id, null, saved.post);
      return sendDone(
        request,
        reply,
        `/admin/posts/${saved.post.id}?done=created`,
        saved.post,
        201,
      );
    },
  );

  r.get(
    '/admin/posts/:id',
    {
      onRequest,
      schema: {
        hide: true,
        params: adminIdParamsSchema,
        querystring: z.object({ done: adminDoneSchema }),
      },
    },
    async (request, reply) => {
      const post = await posts.find(request.params.id);
      if (!post) return missing(request, reply);
      const notice = request.query.done ? DONE[request.query.done] : undefined;
      return html(reply).send(
        formPage(request, { values: postValues(post, timeZone), errors: {} }, post, notice),
      );
    },
  );

  const refused = (
    request: FastifyRequest,
    reply: FastifyReply,
    saved: Exclude<PostSave, { ok: true }>,
    state: FormState,
    post: AdminPost,
  ) => {
    if (saved.reason === 'missing') return missing(request, reply);
    if (saved.reason === 'slug')
      return sendInvalid(request, reply, SLUG_TAKEN, () =>
        formPage(request, { ...state, errors: SLUG_TAKEN }, post),
      );
    reply.code(409).header('cache-control', 'no-store');
    if (!wantsPage(request)) return reply.send({ detail: STALE_DETAIL });
    const problem = StaleNotice({ detail: STALE_DETAIL, current: `/admin/posts/${post.id}` });
    const body = formPage(request, state, post, undefined, problem);
    return reply.type('text/html; charset=utf-8').send(body);
  };

  const update = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const before = await posts.find(id);
    if (!before) return missing(request, reply);
    const input = readInput(request, POST_UPDATE_FORM, adminPostUpdateSchema, timeZone, linksOf);
    if (!input.ok)
      return sendInvalid(request, reply, input.fields, () =>
        formPage(request, { values: input.values, errors: input.fields }, before),
      );
    const { version, ...fields } = input.data;
    const saved = await posts.update(id, fields, version);
    if (!saved.ok)
      return refused(request, reply, saved, { values: input.values, errors: {} }, before);
    await audit(request, 'update', id, before, saved.post);
    return sendDone(request, reply, `/admin/posts/${id}?done=saved`, saved.post);
  };
  const byId = {
    onRequest,
    preHandler: adminCsrf,
    schema: { hide: true, params: adminIdParamsSchema },
  };
  r.post('/admin/posts/:id', byId, (request, reply) => update(request, reply, request.params.id));
  r.put('/admin/posts/:id', byId, (request, reply) => update(request, reply, request.params.id));

  registerVersionedDelete(app, {
    list: '/admin/posts',
    title: 'Delete this post?',
    back: 'back to the posts',
    onRequest,
    page,
    missing,
    find: (id) => posts.find(id),
    confirm: postDeleteConfirm,
    remove: async (id, version) => {
      const removed = await posts.remove(id, version);
      if (!removed.ok) return removed;
      // A deleted post's image files go with it: their addresses answer 404 from now on.
      await removePostImages(mediaDir, removed.post);
      return { ok: true, removed: removed.post };
    },
    audit: (request, id, post) => audit(request, 'delete', id, post, null),
  });
  await app.register(postImageRoutes);
  await app.register(postLinksRoutes);
}
