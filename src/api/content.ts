import { HTTPError } from 'ky';
import { pageSchema, postListSchema } from '../../contract/content.schema.js';
import type { Page, Post, PostType, PreviewAs } from '../../contract/content.schema.js';
import { sanitizerFor } from '../lib/rich-text.js';
import type { Http } from './client.js';

/**
 * portal.md §7 `GET /api/pages?path=…`: the page at a path with the posts the user may see, or null
 * when there is no page there (404). `preview` asks for unpublished pages and future posts (staff);
 * `as` for the posts someone of that role sees instead of the user's own (staff).
 */
export async function fetchPage(
  http: Http,
  path: string,
  preview = false,
  as: PreviewAs | null = null,
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

/** Page reads started before their route rendered, by client and path, with when they started. */
interface EarlyRead {
  at: number;
  answer: Promise<Page | null>;
}
const early = new WeakMap<Http, Map<string, EarlyRead>>();
/** A read started longer ago than this is not taken: the route did not render in time. */
const EARLY_READ_MS = 5_000;

/**
 * Starts reading the published page at `path` while the route is still on its way (the router's
 * beforeLoad), so its answer is under way during the page's first render; `readPage` takes it.
 */
export function startPageRead(http: Http, path: string): void {
  let reads = early.get(http);
  if (!reads) early.set(http, (reads = new Map<string, EarlyRead>()));
  const answer = fetchPage(http, path);
  // Its failure is the page's to show when it takes the read, not an unhandled rejection here.
  answer.catch(() => {});
  reads.set(path, { at: Date.now(), answer });
}

/** The page at `path`: the read started for it before the route rendered (taken once), else a new one. */
export function readPage(
  http: Http,
  path: string,
  preview = false,
  as: PreviewAs | null = null,
): Promise<Page | null> {
  const reads = early.get(http);
  const started = reads?.get(path);
  reads?.delete(path);
  const published = !preview && as === null;
  if (published && started && Date.now() - started.at < EARLY_READ_MS) return started.answer;
  return fetchPage(http, path, preview, as);
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
