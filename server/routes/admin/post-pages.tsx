import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { z } from 'zod';
import {
  ADMIN_LIST_PAGE_SIZE,
  adminCursorSchema,
  adminDoneSchema,
} from '../../../contract/admin/admin.schema.js';
import type { AdminPostInput } from '../../../contract/admin/content.schema.js';
import {
  adminPostInputSchema,
  adminPostQuerySchema,
  adminPostUpdateSchema,
} from '../../../contract/admin/content.schema.js';
import type { CrudKind } from '../../admin/crud.js';
import { crudPages } from '../../admin/crud.js';
import type { FieldErrors } from '../../admin/forms.js';
import { csrfOf } from '../../admin/guard.js';
import { inOrder, withPageLinks } from '../../admin/pager.js';
import { createPost, updatePost } from '../../content/admin-posts.js';
import { pageCacheKey } from '../../content/source.js';
import { removePostImages } from '../../content/images.js';
import { pageOf } from '../../db/repositories/keyset.js';
import type { AdminPost, PostSave } from '../../db/repositories/admin-posts.repository.js';
import {
  ImageForm,
  LinkOrder,
  linksOf,
  POST_FORM,
  POST_UPDATE_FORM,
  postDeleteConfirm,
  PostForm,
  PostList,
  postValues,
} from './posts-view.js';

/** Pages by path are cached 15 minutes (portal.md §9): an admin change must not wait for that. */
export async function forgetCachedPages(app: FastifyInstance) {
  await app.cache.clear(pageCacheKey(''));
}

const SLUG_TAKEN: FieldErrors = { slug: 'Another post has this slug: choose another.' };
const postQuerySchema = adminPostQuerySchema.extend({
  done: adminDoneSchema,
  after: adminCursorSchema('Not a place in the posts: open the first page.'),
});
const saved = (save: PostSave) => (save.ok ? { ok: true as const, item: save.post } : save);

/** Content posts as the admin's list, form and delete pages show them; each change drops cached pages. */
export function postKind(
  app: FastifyInstance,
): CrudKind<
  AdminPost,
  z.infer<typeof postQuerySchema>,
  AdminPostInput,
  z.infer<typeof adminPostUpdateSchema>
> {
  const posts = app.repositories.adminPosts;
  const mediaDir = path.join(app.config.dataDir, 'media');
  const { timeZone } = app.config.campus;
  return {
    list: '/admin/posts',
    kind: 'post',
    section: 'content',
    done: { created: 'Post created.', saved: 'Changes saved.', deleted: 'Post deleted.' },
    missing: {
      title: 'No such post',
      detail: 'This post does not exist (it may have been deleted).',
      back: 'Back to the posts',
    },
    titles: { list: 'Content', create: 'New post', edit: (post) => `Edit “${post.title}”` },
    query: postQuerySchema,
    listBody: async (_request, query) => {
      const { q, type, after } = query;
      const read = await posts.search({ q, type }, { limit: ADMIN_LIST_PAGE_SIZE + 1, after });
      const { items, next } = pageOf(read, ADMIN_LIST_PAGE_SIZE);
      return withPageLinks(PostList({ posts: items, query, timeZone }), {
        list: '/admin/posts',
        filters: { q, type },
        cursor: 'after',
        at: after,
        next,
        words: inOrder('Post pages'),
      });
    },
    blank: { post_type: 'promo', publishing: 'now' },
    values: (post) => postValues(post, timeZone),
    form: (request, state, post, problem) => {
      const csrf = csrfOf(request);
      return (
        <>
          <PostForm state={state} csrf={csrf} timeZone={timeZone} post={post} problem={problem} />
          {post ? (
            <>
              <LinkOrder post={post} csrf={csrf} />
              <ImageForm post={post} csrf={csrf} />
            </>
          ) : null}
        </>
      );
    },
    extra: linksOf,
    find: (id) => posts.find(id),
    create: {
      fields: POST_FORM,
      schema: adminPostInputSchema,
      save: async (input) => saved(await createPost(posts, input)),
    },
    update: {
      fields: POST_UPDATE_FORM,
      schema: adminPostUpdateSchema,
      save: async (id, input, version) => saved(await updatePost(posts, id, input, version)),
    },
    refusals: { slug: SLUG_TAKEN },
    remove: {
      title: 'Delete this post?',
      back: 'back to the posts',
      confirm: postDeleteConfirm,
      remove: async (id, version) => {
        const removed = saved(await posts.remove(id, version));
        // A deleted post's image files go with it: their addresses answer 404 from now on.
        if (removed.ok) await removePostImages(mediaDir, removed.item);
        return removed;
      },
    },
    changed: () => forgetCachedPages(app),
  };
}

/** What the post pages share: the frame, the form page (with its image form), 404 and the audit. */
export const postPages = (app: FastifyInstance) => crudPages(app, postKind(app));
