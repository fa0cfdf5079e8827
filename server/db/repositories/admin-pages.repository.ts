import type { Kysely } from 'kysely';
import type { AdminPageInput } from '../../../contract/admin/content.schema.js';
import type { DatabaseSchema } from '../schema.js';
import { pastCursor } from './keyset.js';
import { moveOne } from './ordering.js';

export type AdminPage = {
  id: number;
  path: string;
  slug: string;
  published: boolean;
  version: number;
  /** The page's posts in order. */
  posts: Array<{ id: number; title: string; post_type: string; category: string | null }>;
};

export type PageSave =
  { ok: true; page: AdminPage } | { ok: false; reason: 'missing' | 'stale' | 'taken' | 'absent' };

/** Content pages as staff manage them: path, slug, published, and the order of their posts. */
export class AdminPagesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** By path, `limit` of them, past the page `after` (a keyset cursor) when given. */
  async list(limit: number, after?: number): Promise<AdminPage[]> {
    let select = this.db.selectFrom('content_pages').select('id');
    if (after !== undefined)
      select = select.where(
        pastCursor('content_pages', 'content_pages', ['path', 'id'], after, 'asc'),
      );
    const rows = await select.orderBy('path').orderBy('id').limit(limit).execute();
    const pages = await Promise.all(rows.map((r) => this.find(r.id)));
    return pages.filter((p) => p !== undefined);
  }

  async find(id: number): Promise<AdminPage | undefined> {
    const page = await this.db
      .selectFrom('content_pages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!page) return undefined;
    const posts = await this.db
      .selectFrom('content_page_posts as pp')
      .innerJoin('content_posts as p', 'p.id', 'pp.post_id')
      .select(['p.id', 'p.title', 'p.post_type', 'p.category'])
      .where('pp.page_id', '=', id)
      .orderBy('pp.position')
      .execute();
    return {
      id: page.id,
      path: page.path,
      slug: page.slug,
      published: page.published === 1,
      version: page.version,
      posts,
    };
  }

  async create(input: AdminPageInput): Promise<PageSave> {
    if (await this.taken(input)) return { ok: false, reason: 'taken' };
    const { id } = await this.db
      .insertInto('content_pages')
      .values({ ...input, published: Number(input.published), version: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.saved(id);
  }

  async update(id: number, input: AdminPageInput, version: number): Promise<PageSave> {
    if (await this.taken(input, id)) return { ok: false, reason: 'taken' };
    return this.bump(id, version, { ...input, published: Number(input.published) });
  }

  /** Adds a post at the end, moves one a place up or down, or takes one off the page. */
  async changePosts(
    id: number,
    postId: number,
    action: 'add' | 'up' | 'down' | 'remove',
    version: number,
  ): Promise<PageSave> {
    const page = await this.find(id);
    if (!page) return { ok: false, reason: 'missing' };
    if (page.version !== version) return { ok: false, reason: 'stale' };
    let order = page.posts.map((p) => p.id);
    const at = order.indexOf(postId);
    if (action === 'add') {
      const exists = await this.db
        .selectFrom('content_posts')
        .select('id')
        .where('id', '=', postId)
        .executeTakeFirst();
      if (!exists || at >= 0) return { ok: false, reason: 'absent' };
      order.push(postId);
    } else {
      if (at < 0) return { ok: false, reason: 'absent' };
      if (action === 'remove') order.splice(at, 1);
      else order = moveOne(order, at, action);
    }
    const bumped = await this.bump(id, version, {});
    if (!bumped.ok) return bumped;
    await this.db.deleteFrom('content_page_posts').where('page_id', '=', id).execute();
    if (order.length > 0) {
      await this.db
        .insertInto('content_page_posts')
        .values(order.map((post_id, position) => ({ page_id: id, post_id, position })))
        .execute();
    }
    return this.saved(id);
  }

  private async bump(
    id: number,
    version: number,
    set: Partial<{ path: string; slug: string; published: number }>,
  ): Promise<PageSave> {
    const result = await this.db
      .updateTable('content_pages')
      .set({ ...set, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return this.saved(id);
    return (await this.find(id))
      ? { ok: false, reason: 'stale' }
      : { ok: false, reason: 'missing' };
  }

  private async saved(id: number): Promise<PageSave> {
    const page = await this.find(id);
    return page ? { ok: true, page } : { ok: false, reason: 'missing' };
  }

  private async taken(input: AdminPageInput, except = 0) {
    const row = await this.db
      .selectFrom('content_pages')
      .select('id')
      .where((eb) => eb.or([eb('path', '=', input.path), eb('slug', '=', input.slug)]))
      .where('id', '!=', except)
      .executeTakeFirst();
    return row !== undefined;
  }
}
