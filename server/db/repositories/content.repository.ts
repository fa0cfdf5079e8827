import type { Kysely, Selectable } from 'kysely';
import { POSTS_PAGE_MAX, postTypeSchema } from '../../../contract/content.schema.js';
import { fromRows, rowsToRead } from './keyset.js';
import type { PostsPage, PostsPageAsk } from './keyset.js';
import type { Post, PostLink, PostType, StoredPost } from '../../../contract/content.schema.js';
import type { ContentPostsTable } from '../content.schema.js';
import type { DatabaseSchema } from '../schema.js';
import { linksByPost } from './post-links.js';

/**
 * A post as stored, its body as given: content/stored.ts sanitises it and applies the link rule
 * before (and hands out only the links the rule allows after); the repository applies no rule.
 */
export type NewPost = Omit<Post, 'pk' | 'links' | 'hide_text' | 'body'> & {
  body?: string;
  hide_text?: boolean;
  links?: PostLink[];
};

/**
 * A page as stored: its posts in order, whatever their publishing date (the caller filters); drafts
 * only when asked for (a staff preview).
 */
export interface StoredPage {
  path: string;
  slug: string;
  published: boolean;
  posts: StoredPost[];
}

export interface PostFilter {
  post_type?: PostType;
  category?: string;
  slug?: string;
  /** Drafts too (a staff preview); otherwise they are left out. */
  drafts?: boolean;
}

/**
 * Who reads a list of posts, for the query to leave out what they may not see (portal.md §6): the
 * categories kept from them (contract/content.rules.ts `hiddenCategories`) and, unless a staff
 * preview, only posts open at `openAt` (ISO-8601 UTC, as `publishing_opens_on` is stored).
 */
export interface PostsSeenBy {
  hiddenCategories: readonly string[];
  openAt?: string | undefined;
}

/** What a page is read with: its drafts too (a staff preview), or not. */
export interface PageRead {
  drafts?: boolean;
}

function toPost(row: Selectable<ContentPostsTable>, links: PostLink[]): StoredPost {
  return {
    pk: row.id,
    post_type: postTypeSchema.parse(row.post_type),
    title: row.title,
    slug: row.slug,
    body: row.body,
    category: row.category,
    image: row.image,
    thumbnail_image: row.thumbnail_image,
    medium_image: row.medium_image,
    large_image: row.large_image,
    action_link: row.action_link,
    link_text: row.link_text,
    hide_text: row.hide_text === 1,
    publishing_opens_on: row.publishing_opens_on,
    links,
    ...(row.translations === '{}' ? {} : { translations: row.translations }),
  };
}

export class ContentRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async countPosts(): Promise<number> {
    const row = await this.db
      .selectFrom('content_posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Stores a post and its links as given (content/stored.ts `storePost` checks them first). */
  async insertPost(post: NewPost): Promise<Post> {
    const { links = [], hide_text = false, body = '', ...fields } = post;
    return this.inTransaction(async (tx) => {
      const row = await tx
        .insertInto('content_posts')
        .values({ ...fields, body, hide_text: Number(hide_text) })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (links.length > 0) {
        await tx
          .insertInto('content_post_links')
          .values(links.map((link, position) => ({ ...link, post_id: row.id, position })))
          .execute();
      }
      return toPost(row, links);
    });
  }

  /** Stores a page holding the posts of `postSlugs`, in that order. */
  async insertPage(page: { path: string; slug: string; published: boolean }, postSlugs: string[]) {
    await this.inTransaction(async (tx) => {
      const row = await tx
        .insertInto('content_pages')
        .values({ ...page, published: Number(page.published) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.placePosts(tx, page.path, row.id, postSlugs);
    });
  }

  /** A new page's posts, in the order of `postSlugs`. */
  private async placePosts(
    tx: Kysely<DatabaseSchema>,
    path: string,
    pageId: number,
    postSlugs: string[],
  ): Promise<void> {
    if (postSlugs.length === 0) return;
    const posts = await tx
      .selectFrom('content_posts')
      .select(['id', 'slug'])
      .where('slug', 'in', postSlugs)
      .execute();
    const ids = new Map(posts.map((p) => [p.slug, p.id]));
    await tx
      .insertInto('content_page_posts')
      .values(
        postSlugs.map((slug, position) => {
          const id = ids.get(slug);
          if (id === undefined) throw new Error(`Page ${path} names no post ${slug}`);
          return { page_id: pageId, post_id: id, position };
        }),
      )
      .execute();
  }

  /**
   * The sample seed's post: stored with its links unless a post of its slug exists (`ON CONFLICT DO
   * NOTHING`, so two starts racing on one store cannot fail on `content_posts_slug_key`). Answers
   * whether it was stored. Runs on the caller's transaction (the start lock's) when it has one.
   */
  async seedPost(post: NewPost): Promise<boolean> {
    const { links = [], hide_text = false, body = '', ...fields } = post;
    return this.inTransaction(async (tx) => {
      const row = await tx
        .insertInto('content_posts')
        .values({ ...fields, body, hide_text: Number(hide_text) })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      if (links.length > 0) {
        await tx
          .insertInto('content_post_links')
          .values(links.map((link, position) => ({ ...link, post_id: row.id, position })))
          .execute();
      }
      return true;
    });
  }

  /** The sample seed's page, unless a page of its path or slug exists (`ON CONFLICT DO NOTHING`). */
  async seedPage(
    page: { path: string; slug: string; published: boolean },
    postSlugs: string[],
  ): Promise<boolean> {
    return this.inTransaction(async (tx) => {
      const row = await tx
        .insertInto('content_pages')
        .values({ ...page, published: Number(page.published) })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) await this.placePosts(tx, page.path, row.id, postSlugs);
      return row !== undefined;
    });
  }

  private async inTransaction<T>(work: (tx: Kysely<DatabaseSchema>) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }

  /** Posts matching every given field, oldest first; drafts only when asked for. */
  async findPosts(filter: PostFilter): Promise<StoredPost[]> {
    return this.withLinks(await this.postsOf(filter).selectAll().orderBy('id').execute());
  }

  /**
   * Issue 87: a keyset page of `findPosts`'s list as `seenBy` sees it, cut in the query: the posts
   * after `after`'s, `LIMIT n + 1` to know whether more follow. Undefined when `after` names no
   * post of that list.
   */
  async findPostsPage(
    filter: PostFilter,
    seenBy: PostsSeenBy,
    ask: PostsPageAsk,
  ): Promise<PostsPage<StoredPost> | undefined> {
    const { limit = POSTS_PAGE_MAX, after } = ask;
    const list = this.postsOf(filter, seenBy);
    if (after !== undefined) {
      const known = await list.select('id').where('id', '=', after).executeTakeFirst();
      if (!known) return undefined;
    }
    const rows = await list
      .selectAll()
      .$if(after !== undefined, (q) => q.where('id', '>', after ?? 0))
      .orderBy('id')
      .limit(rowsToRead(limit))
      .execute();
    const page = fromRows(rows, limit);
    return { posts: await this.withLinks(page.posts), more: page.more };
  }

  /** The posts of a filter, and of those only what `seenBy` may see (portal.md §6), unselected. */
  private postsOf(filter: PostFilter, seenBy?: PostsSeenBy) {
    const hidden = seenBy?.hiddenCategories ?? [];
    const openAt = seenBy?.openAt;
    return this.db
      .selectFrom('content_posts')
      .$if(!filter.drafts, (q) => q.where('draft', '=', 0))
      .$if(filter.post_type !== undefined, (q) => q.where('post_type', '=', filter.post_type ?? ''))
      .$if(filter.category !== undefined, (q) => q.where('category', '=', filter.category ?? ''))
      .$if(filter.slug !== undefined, (q) => q.where('slug', '=', filter.slug ?? ''))
      .$if(hidden.length > 0, (q) =>
        q.where((eb) => eb.or([eb('category', 'is', null), eb('category', 'not in', hidden)])),
      )
      .$if(openAt !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('publishing_opens_on', 'is', null),
            eb('publishing_opens_on', '<=', openAt ?? ''),
          ]),
        ),
      );
  }

  /** The page with this slug or path, with every post it holds (drafts only when asked for). */
  async findPage(
    by: { slug: string } | { path: string },
    read: PageRead = {},
  ): Promise<StoredPage | undefined> {
    const query = this.db.selectFrom('content_pages').selectAll();
    const page = await (
      'slug' in by ? query.where('slug', '=', by.slug) : query.where('path', '=', by.path)
    ).executeTakeFirst();
    if (!page) return undefined;
    let rows = this.db
      .selectFrom('content_page_posts as pp')
      .innerJoin('content_posts as p', 'p.id', 'pp.post_id')
      .selectAll('p')
      .where('pp.page_id', '=', page.id);
    if (!read.drafts) rows = rows.where('p.draft', '=', 0);
    return {
      path: page.path,
      slug: page.slug,
      published: page.published === 1,
      posts: await this.withLinks(await rows.orderBy('pp.position').execute()),
    };
  }

  private async withLinks(rows: Selectable<ContentPostsTable>[]): Promise<StoredPost[]> {
    const byPost = await linksByPost(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toPost(row, byPost.get(row.id) ?? []));
  }
}
