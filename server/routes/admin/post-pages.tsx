import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import type { FormState } from '../../admin/fields.js';
import { csrfOf } from '../../admin/guard.js';
import { adminPage } from '../../admin/layout.js';
import type { AdminPost } from '../../db/repositories/admin-posts.repository.js';
import { pageCacheKey } from '../../content/source.js';
import { sendProblem } from '../../html/page.js';
import { ImageForm, LinkOrder, PostForm } from './posts-view.js';

/** Pages by path are cached 15 minutes (portal.md §9): an admin change must not wait for that. */
export async function forgetCachedPages(app: FastifyInstance) {
  await app.cache.clear(pageCacheKey(''));
}

/** What the post pages share: the frame, the form page (with its image form), 404 and the audit. */
export function postPages(app: FastifyInstance) {
  const { timeZone, productName } = app.config.campus;
  const page = (request: FastifyRequest, title: string, body: ReactNode, notice?: string) =>
    adminPage(request, productName, { title, section: 'content', body, notice });
  const html = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  const formPage = (
    request: FastifyRequest,
    state: FormState,
    post?: AdminPost,
    notice?: string,
    problem?: ReactNode,
  ) => {
    const csrf = csrfOf(request);
    return page(
      request,
      post ? `Edit “${post.title}”` : 'New post',
      <>
        <PostForm state={state} csrf={csrf} timeZone={timeZone} post={post} problem={problem} />
        {post ? (
          <>
            <LinkOrder post={post} csrf={csrf} />
            <ImageForm post={post} csrf={csrf} />
          </>
        ) : null}
      </>,
      notice,
    );
  };
  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(request, reply, {
      status: 404,
      title: 'No such post',
      detail: 'This post does not exist (it may have been deleted).',
      link: { href: '/admin/posts', text: 'Back to the posts' },
    });
  /** Records the change, and drops the cached pages so students get it on their next load. */
  const audit = async (
    request: FastifyRequest,
    action: string,
    id: number,
    before: AdminPost | null,
    after: AdminPost | null,
  ) => {
    await app.auditChange(request, {
      action: `admin.post.${action}`,
      kind: 'post',
      objectId: id,
      before,
      after,
    });
    await forgetCachedPages(app);
  };
  return { page, html, formPage, missing, audit };
}
