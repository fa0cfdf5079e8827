import { contentPathSchema, contentSlugSchema } from '../../../../contract/content.schema.js';
import type { Post, PreviewAs } from '../../../../contract/content.schema.js';
import { fetchPage, fetchPosts } from '../../../api/content.js';
import { contentSlugFor } from '../../../lib/content-slug.js';
import { selectUser } from '../../../machines/app.machine.js';
import type { PageLoad, PortalContext } from '../../../routes/portal/context.js';
import { pageSearchSchema, previewAsOf } from '../shared/content-search.js';
import type { PageSearch } from '../shared/content-search.js';
import { contentSearchSchema } from '../shared/content-support.js';
import { PageReads } from '../shared/page-reads.js';

/** Which content page is asked for: its path, and for staff the drafts and the role it is seen as. */
export interface PageAsked {
  path: string;
  preview: boolean;
  as: PreviewAs | null;
}

/** Which blog post is asked for: its slug, and for staff with its drafts. */
export interface PostAsked {
  slug: string;
  preview: boolean;
}

/**
 * What the content pages read (portal.md §2 /resources, /whats-new/{blog_slug}, any other path;
 * §7), one declaration for their routes' loader and their sections: a page at a path (null when
 * there is none, shown as not-found), a blog post by its slug (null when there is none). When
 * each is empty is its section machine's (content-support.ts), shared with the dashboard.
 */
export function contentReadSpecs({ http }: Pick<PortalContext, 'http'>) {
  return {
    page: {
      component: 'content',
      read: ({ path, preview, as }: PageAsked) => fetchPage(http, path, preview, as),
    },
    post: {
      component: 'whats-new',
      read: async ({ slug, preview }: PostAsked): Promise<Post | null> => {
        const posts = await fetchPosts(http, { slug, post_type: 'blog' }, preview);
        return posts[0] ?? null;
      },
    },
  };
}

export type ContentReads = PageReads<ReturnType<typeof contentReadSpecs>>;

/** What the content routes' loader gives their containers: the reads, kept by the router. */
export interface ContentLoad {
  reads: ContentReads;
}

/** The content page a catch-all path shows: its slug's page, the dashboard's at `/dashboard`. */
export function contentPathOf(splat: string | undefined): string {
  const slug = contentSlugFor(`/${splat ?? ''}`);
  return slug === 'dashboard' ? '/' : `/${slug}`;
}

/**
 * The page asked for at `path` with `search`, or none for a path no content page can have (upper
 * case, dots, …): not found without asking. Only staff preview drafts or a role (`?published=all`,
 * `?preview_role=`); anyone else's are ignored.
 */
export function pageAsked(path: string, search: PageSearch, isStaff: boolean): PageAsked | null {
  if (!contentPathSchema.safeParse(path).success) return null;
  return {
    path,
    preview: search.published === 'all' && isStaff,
    as: previewAsOf(search, isStaff),
  };
}

/** The blog post asked for, or none for a slug no post can have: not found without asking. */
export function postAsked(
  slug: string | undefined,
  published: 'all' | undefined,
  isStaff: boolean,
): PostAsked | null {
  const checked = contentSlugSchema.safeParse(slug);
  if (!checked.success) return null;
  return { slug: checked.data, preview: published === 'all' && isStaff };
}

/**
 * The loader of the routes the content chunk serves (`withReads`): a blog post by its slug
 * (`/whats-new/$blog_slug`), the page at the catch-all's path (`$`), or the page at the route's own
 * path (`/resources`). Its answer is asked for at once, with what the container will ask
 * (`pageAsked`, `postAsked`): the container's section takes it. Another preview choice on the same
 * address reads its own when the page asks for it.
 */
export function pageReads({ context, location, params }: PageLoad): ContentLoad {
  const reads = new PageReads(contentReadSpecs(context));
  const isStaff = selectUser(context.app.getSnapshot())?.is_staff === true;
  if ('blog_slug' in params) {
    const { published } = contentSearchSchema.parse(location.search);
    const post = postAsked(params.blog_slug, published, isStaff);
    if (post) reads.start('post', post);
  } else {
    const path = '_splat' in params ? contentPathOf(params._splat) : location.pathname;
    const page = pageAsked(path, pageSearchSchema.parse(location.search), isStaff);
    if (page) reads.start('page', page);
  }
  return { reads };
}
