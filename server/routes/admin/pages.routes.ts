import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDoneSchema, adminIdParamsSchema } from '../../../contract/admin/admin.schema.js';
import {
  adminPageInputSchema,
  adminPagePostSchema,
  adminPageUpdateSchema,
} from '../../../contract/admin/content.schema.js';
import type { FormState } from '../../admin/fields.js';
import type { FieldErrors } from '../../admin/forms.js';
import { readInput, sendDone, sendInvalid, STALE_DETAIL } from '../../admin/forms.js';
import { adminAccess, adminCsrf, csrfOf } from '../../admin/guard.js';
import { adminPage } from '../../admin/layout.js';
import type { AdminPage, PageSave } from '../../db/repositories/admin-pages.repository.js';
import { AdminPagesRepository } from '../../db/repositories/admin-pages.repository.js';
import { AdminPostsRepository } from '../../db/repositories/admin-posts.repository.js';
import { sendProblem } from '../../html/page.js';
import type { AdminChange } from '../../plugins/audit.js';
import { forgetCachedPages } from './post-pages.js';
import { PageForm, PageList, PagePosts, pageValues, PreviewBody } from './pages-view.js';
import { createElement, Fragment } from 'react';
import type { ReactNode } from 'react';

const DONE = { created: 'Page created.', saved: 'Saved.', deleted: 'Deleted.' };
const TAKEN: FieldErrors = { path: 'Another page has this path or slug.' };
const PAGE_FORM = { path: 'text', slug: 'text', published: 'bool' } as const;

/** Content pages (portal.md §3): path, slug, published, their posts in order, and links to preview them by role. */
export default async function pagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pages = new AdminPagesRepository(app.database.db);
  const changed = async (request: FastifyRequest, change: AdminChange) => {
    await app.auditChange(request, change);
    await forgetCachedPages(app);
  };
  const posts = new AdminPostsRepository(app.database.db);
  const onRequest = adminAccess(app, 'staff');
  const { timeZone, productName } = app.config.campus;
  const html = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  const view = (request: FastifyRequest, title: string, body: ReactNode, notice?: string) =>
    adminPage(request, productName, { title, section: 'content', body, notice });
  const editView = async (
    request: FastifyRequest,
    page: AdminPage,
    state: FormState,
    notice?: string,
  ) =>
    view(
      request,
      `Page ${page.path}`,
      createElement(
        Fragment,
        null,
        PageForm({ state, csrf: csrfOf(request), page }),
        PagePosts({ page, all: await posts.search({}), csrf: csrfOf(request) }),
      ),
      notice,
    );
  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(request, reply, {
      status: 404,
      title: 'No such page',
      detail: 'This page does not exist.',
      link: { href: '/admin/pages', text: 'Back to the pages' },
    });
  const refused = (
    request: FastifyRequest,
    reply: FastifyReply,
    saved: Exclude<PageSave, { ok: true }>,
    page: () => Promise<string>,
  ) => {
    if (saved.reason === 'missing') return missing(request, reply);
    if (saved.reason === 'absent') {
      const fields = { post_id: 'Choose a post that is (or is not yet) on the page.' };
      return page().then((body) => sendInvalid(request, reply, fields, () => body));
    }
    if (saved.reason === 'taken')
      return page().then((body) => sendInvalid(request, reply, TAKEN, () => body));
    return sendProblem(request, reply, {
      status: 409,
      title: 'Not saved',
      detail: STALE_DETAIL,
      link: { href: request.url.replace(/\/posts$/, ''), text: 'Open the current version' },
    });
  };

  r.get(
    '/admin/pages',
    { onRequest, schema: { hide: true, querystring: z.object({ done: adminDoneSchema }) } },
    async (request, reply) =>
      html(reply).send(
        view(
          request,
          'Pages',
          PageList({ pages: await pages.list() }),
          request.query.done ? DONE[request.query.done] : undefined,
        ),
      ),
  );

  r.get('/admin/pages/new', { onRequest, schema: { hide: true } }, async (request, reply) =>
    html(reply).send(
      view(
        request,
        'New page',
        PageForm({ state: { values: { published: 'on' }, errors: {} }, csrf: csrfOf(request) }),
      ),
    ),
  );

  r.post(
    '/admin/pages',
    { onRequest, preHandler: adminCsrf, schema: { hide: true } },
    async (request, reply) => {
      const input = readInput(request, PAGE_FORM, adminPageInputSchema, timeZone);
      const again = (errors: FieldErrors) =>
        view(
          request,
          'New page',
          PageForm({ state: { values: input.values, errors }, csrf: csrfOf(request) }),
        );
      if (!input.ok) return sendInvalid(request, reply, input.fields, () => again(input.fields));
      const saved = await pages.create(input.data);
      if (!saved.ok) return sendInvalid(request, reply, TAKEN, () => again(TAKEN));
      await changed(request, {
        action: 'admin.page.create',
        kind: 'page',
        objectId: saved.page.id,
        before: null,
        after: saved.page,
      });
      return sendDone(
        request,
        reply,
        `/admin/pages/${saved.page.id}?done=created`,
        saved.page,
        201,
      );
    },
  );

  r.get(
    '/admin/pages/:id',
    {
      onRequest,
      schema: {
        hide: true,
        params: adminIdParamsSchema,
        querystring: z.object({ done: adminDoneSchema }),
      },
    },
    async (request, reply) => {
      const page = await pages.find(request.params.id);
      if (!page) return missing(request, reply);
      return html(reply).send(
        await editView(
          request,
          page,
          { values: pageValues(page), errors: {} },
          request.query.done ? DONE[request.query.done] : undefined,
        ),
      );
    },
  );

  const update = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const before = await pages.find(id);
    if (!before) return missing(request, reply);
    const input = readInput(
      request,
      { ...PAGE_FORM, version: 'int' },
      adminPageUpdateSchema,
      timeZone,
    );
    if (!input.ok) {
      const body = await editView(request, before, { values: input.values, errors: input.fields });
      return sendInvalid(request, reply, input.fields, () => body);
    }
    const { version, ...fields } = input.data;
    const saved = await pages.update(id, fields, version);
    if (!saved.ok)
      return refused(request, reply, saved, () =>
        editView(request, before, { values: input.values, errors: TAKEN }),
      );
    await changed(request, {
      action: 'admin.page.update',
      kind: 'page',
      objectId: id,
      before,
      after: saved.page,
    });
    return sendDone(request, reply, `/admin/pages/${id}?done=saved`, saved.page);
  };
  const byId = {
    onRequest,
    preHandler: adminCsrf,
    schema: { hide: true, params: adminIdParamsSchema },
  };
  r.post('/admin/pages/:id', byId, (request, reply) => update(request, reply, request.params.id));
  r.put('/admin/pages/:id', byId, (request, reply) => update(request, reply, request.params.id));

  r.post('/admin/pages/:id/posts', byId, async (request, reply) => {
    const before = await pages.find(request.params.id);
    if (!before) return missing(request, reply);
    const input = readInput(
      request,
      { post_id: 'int', action: 'text', version: 'int' },
      adminPagePostSchema,
      timeZone,
    );
    if (!input.ok) {
      const body = await editView(request, before, {
        values: pageValues(before),
        errors: input.fields,
      });
      return sendInvalid(request, reply, input.fields, () => body);
    }
    const { post_id, action, version } = input.data;
    const saved = await pages.changePosts(before.id, post_id, action, version);
    if (!saved.ok)
      return refused(request, reply, saved, () =>
        editView(request, before, { values: pageValues(before), errors: {} }),
      );
    const order = (p: AdminPage) => p.posts.map((x) => x.id);
    await changed(request, {
      action: `admin.page.posts.${action}`,
      kind: 'page',
      objectId: before.id,
      before: { posts: order(before) },
      after: { posts: order(saved.page) },
    });
    return sendDone(request, reply, `/admin/pages/${before.id}?done=saved#h-posts`, saved.page);
  });

  r.get(
    '/admin/pages/:id/preview',
    { onRequest, schema: { hide: true, params: adminIdParamsSchema } },
    async (request, reply) => {
      const page = await pages.find(request.params.id);
      if (!page) return missing(request, reply);
      return html(reply).send(view(request, `Preview of ${page.path}`, PreviewBody({ page })));
    },
  );
}
