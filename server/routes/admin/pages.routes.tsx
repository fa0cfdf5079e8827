import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_LIST_PAGE_SIZE,
  adminCursorSchema,
  adminDoneSchema,
  adminIdParamsSchema,
} from '../../../contract/admin/admin.schema.js';
import {
  adminPageInputSchema,
  adminPagePostSchema,
  adminPageUpdateSchema,
} from '../../../contract/admin/content.schema.js';
import { registerCrud } from '../../admin/crud.js';
import type { FieldErrors } from '../../admin/forms.js';
import { readInput, sendDone, sendInvalid, STALE_DETAIL } from '../../admin/forms.js';
import { csrfOf } from '../../admin/guard.js';
import { inOrder, withPageLinks } from '../../admin/pager.js';
import { pageOf } from '../../db/repositories/keyset.js';
import type { AdminPage, PageSave } from '../../db/repositories/admin-pages.repository.js';
import { sendProblem } from '../../html/page.js';
import { forgetCachedPages } from './post-pages.js';
import { PageForm, PageList, PagePosts, pageValues, PreviewBody } from './pages-view.js';

const TAKEN: FieldErrors = { path: 'Another page has this path or slug.' };
const PAGE_FORM = { path: 'text', slug: 'text', published: 'bool' } as const;
const saved = (save: PageSave) => (save.ok ? { ok: true as const, item: save.page } : save);

/** Content pages (portal.md §3): path, slug, published, their posts in order, and links to preview them by role. */
export default async function pagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pages = app.repositories.adminPages;
  const posts = app.repositories.adminPosts;
  const { timeZone } = app.config.campus;

  const { byId, html, page, formPage, missing, audit } = registerCrud(app, {
    list: '/admin/pages',
    kind: 'page',
    section: 'content',
    done: { created: 'Page created.', saved: 'Saved.', deleted: 'Deleted.' },
    missing: {
      title: 'No such page',
      detail: 'This page does not exist.',
      back: 'Back to the pages',
    },
    titles: { list: 'Pages', create: 'New page', edit: (item) => `Page ${item.path}` },
    query: z.object({
      done: adminDoneSchema,
      after: adminCursorSchema('Not a place in the pages: open the first page.'),
    }),
    listBody: async (_request, { after }) => {
      const read = await pages.list(ADMIN_LIST_PAGE_SIZE + 1, after);
      const { items, next } = pageOf(read, ADMIN_LIST_PAGE_SIZE);
      return withPageLinks(PageList({ pages: items }), {
        list: '/admin/pages',
        filters: {},
        cursor: 'after',
        at: after,
        next,
        words: inOrder('Page pages'),
      });
    },
    blank: { published: 'on' },
    values: pageValues,
    form: async (request, state, item, problem) => {
      const form = PageForm({ state, csrf: csrfOf(request), page: item, problem });
      if (!item) return form;
      const all = await posts.search({});
      return (
        <>
          {form}
          {PagePosts({ page: item, all, csrf: csrfOf(request) })}
        </>
      );
    },
    find: (id) => pages.find(id),
    create: {
      fields: PAGE_FORM,
      schema: adminPageInputSchema,
      save: async (input) => saved(await pages.create(input)),
    },
    update: {
      fields: { ...PAGE_FORM, version: 'int' },
      schema: adminPageUpdateSchema,
      save: async (id, input, version) => saved(await pages.update(id, input, version)),
    },
    refusals: { taken: TAKEN },
    changed: () => forgetCachedPages(app),
  });

  const refused = async (
    request: FastifyRequest,
    reply: FastifyReply,
    reason: Exclude<PageSave, { ok: true }>['reason'],
    before: AdminPage,
  ) => {
    if (reason === 'missing') return missing(request, reply);
    if (reason === 'absent') {
      const fields = { post_id: 'Choose a post that is (or is not yet) on the page.' };
      const body = await formPage(request, { values: pageValues(before), errors: {} }, before);
      return sendInvalid(request, reply, fields, () => body);
    }
    return sendProblem(request, reply, {
      status: 409,
      title: 'Not saved',
      detail: STALE_DETAIL,
      link: { href: `/admin/pages/${before.id}`, text: 'Open the current version' },
    });
  };

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
      const state = { values: pageValues(before), errors: input.fields };
      const body = await formPage(request, state, before);
      return sendInvalid(request, reply, input.fields, () => body);
    }
    const { post_id, action, version } = input.data;
    const changed = await pages.changePosts(before.id, post_id, action, version);
    if (!changed.ok) return refused(request, reply, changed.reason, before);
    const order = (p: AdminPage) => p.posts.map((x) => x.id);
    await audit(
      request,
      `posts.${action}`,
      before.id,
      { posts: order(before) },
      { posts: order(changed.page) },
    );
    return sendDone(request, reply, `/admin/pages/${before.id}?done=saved#h-posts`, changed.page);
  });

  r.get(
    '/admin/pages/:id/preview',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      const item = await pages.find(request.params.id);
      if (!item) return missing(request, reply);
      return html(reply).send(
        page(request, `Preview of ${item.path}`, PreviewBody({ page: item })),
      );
    },
  );
}
