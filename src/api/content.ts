import { HTTPError } from 'ky';
import { pageSchema, postListSchema } from '../../contract/content.schema.js';
import type { Page, Post, PostType, PreviewAs } from '../../contract/content.schema.js';
import { sanitizerFor } from '../lib/rich-text.js';
import type { Http } from './client.js';

/**
 * portal.md §7 `GET /api/pages?path=…`: the page at a path with the posts the user may see, or null
 * when there is no page there (404). `preview` asks for unpublished pages and future posts (staff);
 * `as` for the posts someone of that role sees instead of the user's own (staff); `after` for the
 * page of its posts after that post's `pk` (issue 87: its `more` says whether there is one).
 */
export async function fetchPage(
  http: Http,
  path: string,
  preview = false,
  as: PreviewAs | null = null,
  after?: number,
): Promise<Page | null> {
  try {
    const page = pageSchema.parse(
      await http
        .get('pages', {
          searchParams: {
            path,
            ...(preview ? { published: 'all' } : {}),
            ...(as ? { preview_role: as.role } : {}),
            ...(as?.financial_dashboard_access ? { preview_financial: '1' } : {}),
            ...(after === undefined ? {} : { after }),
          },
          cache: 'no-store',
        })
        .json(),
    );
    await sanitizerFor(page.posts.map((post) => post.body));
    return page;
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null;
    throw error;
  }
}

/** portal.md §7 `GET /api/posts` by post type (optionally a category), or by slug. */
export async function fetchPosts(
  http: Http,
  query: { post_type: PostType; category?: string } | { slug: string; post_type?: PostType },
  preview = false,
): Promise<Post[]> {
  const posts = postListSchema.parse(
    await http
      .get('posts', {
        searchParams: { ...query, ...(preview ? { published: 'all' } : {}) },
      })
      .json(),
  );
  await sanitizerFor(posts.map((post) => post.body));
  return posts;
}
