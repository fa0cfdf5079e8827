import type { Kysely, Selectable } from 'kysely';
import type { AdminPostInput } from '../../../contract/admin/content.schema.js';
import type { PostLink } from '../../../contract/content.schema.js';
import type { ContentPostsTable } from '../content.schema.js';
import type { DatabaseSchema } from '../schema.js';
import { pastCursor } from './keyset.js';
import { moveOne } from './ordering.js';
import { linksByPost } from './post-links.js';

/** A post as the admin edits it: its Markdown, how it is published, its version. */
export type AdminPost = Omit<Selectable<ContentPostsTable>, 'hide_text' | 'draft'> & {
  hide_text: boolean;
  links: PostLink[];
  publishing: 'now' | 'scheduled' | 'draft';
};

/** A post as the admin saves it, with the HTML its Markdown became (content/admin-posts.ts). */
export type StoredPostInput = AdminPostInput & { body: string; translations: string };

export type PostSave =
  { ok: true; post: AdminPost } | { ok: false; reason: 'missing' | 'stale' | 'slug' | 'absent' };

function publishing(draft: number, opensOn: string | null): AdminPost['publishing'] {
  if (draft === 1) return 'draft';
  return opensOn === null ? 'now' : 'scheduled';
}

function columns(input: StoredPostInput) {
  return {
    post_type: input.post_type,
    title: input.title,
    slug: input.slug,
    body: input.body,
    body_markdown: input.body_markdown,
    translations: input.translations,
    body_markdown_es: input.body_es,
    category: input.category || null,
    action_link: input.action_link,
    link_text: input.link_text || null,
    hide_text: Number(input.hide_text),
    draft: Number(input.publishing === 'draft'),
    publishing_opens_on: input.publishing === 'scheduled' ? input.publishing_opens_on : null,
  };
}

/**
 * Content posts as staff manage them: search, read, write (the Markdown and the HTML it became, as
 * given: content/admin-posts.ts converts it), images.
 */
export class AdminPostsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * By type, then title; `limit` of them (500 by default), past the post `after` (a keyset cursor)
   * when given.
   */
  async search(
    query: { q?: string | undefined; type?: string | undefined },
    page: { limit: number; after?: number | undefined } = { limit: 500 },
  ): Promise<AdminPost[]> {
    let select = this.db.selectFrom('content_posts').selectAll();
    if (page.after !== undefined)
      select = select.where(
        pastCursor(
          'content_posts',
          'content_posts',
          ['post_type', 'title', 'id'],
          page.after,
          'asc',
        ),
      );
    if (query.q) {
      const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      select = select.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['title']), 'like', like),
          eb(eb.fn('lower', ['slug']), 'like', like),
        ]),
      );
    }
    if (query.type) select = select.where('post_type', '=', query.type);
    return this.withLinks(
      await select.orderBy('post_type').orderBy('title').orderBy('id').limit(page.limit).execute(),
    );
  }

  async find(id: number): Promise<AdminPost | undefined> {
    const row = await this.db
      .selectFrom('content_posts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && (await this.withLinks([row]))[0];
  }

  async create(input: StoredPostInput): Promise<PostSave> {
    if (await this.slugTaken(input.slug)) return { ok: false, reason: 'slug' };
    const { id } = await this.db
      .insertInto('content_posts')
      .values({ ...columns(input), version: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.setLinks(id, input.links);
    return this.saved(id);
  }

  async update(id: number, input: StoredPostInput, version: number): Promise<PostSave> {
    if (await this.slugTaken(input.slug, id)) return { ok: false, reason: 'slug' };
    const result = await this.db
      .updateTable('content_posts')
      .set({ ...columns(input), version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return this.refusal(id);
    await this.setLinks(id, input.links);
    return this.saved(id);
  }

  /** Moves the link at `position` a place up or down; the post's version moves on. */
  async moveLink(
    id: number,
    position: number,
    direction: 'up' | 'down',
    version: number,
  ): Promise<PostSave> {
    const post = await this.find(id);
    if (!post) return { ok: false, reason: 'missing' };
    if (post.version !== version) return { ok: false, reason: 'stale' };
    if (position >= post.links.length) return { ok: false, reason: 'absent' };
    const result = await this.db
      .updateTable('content_posts')
      .set({ version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return this.refusal(id);
    await this.setLinks(id, moveOne(post.links, position, direction));
    return this.saved(id);
  }

  /** The four sizes of an uploaded image (already re-encoded): the post's version moves on. */
  async setImages(
    id: number,
    images: { image: string; large_image: string; medium_image: string; thumbnail_image: string },
  ): Promise<PostSave> {
    const result = await this.db
      .updateTable('content_posts')
      .set((eb) => ({ ...images, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 0 ? { ok: false, reason: 'missing' } : this.saved(id);
  }

  async remove(id: number, version: number): Promise<PostSave> {
    const post = await this.find(id);
    if (!post) return { ok: false, reason: 'missing' };
    const result = await this.db
      .deleteFrom('content_posts')
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 0
      ? { ok: false, reason: 'stale' }
      : { ok: true, post };
  }

  private async saved(id: number): Promise<PostSave> {
    const post = await this.find(id);
    return post ? { ok: true, post } : { ok: false, reason: 'missing' };
  }

  private async refusal(id: number): Promise<PostSave> {
    return (await this.find(id))
      ? { ok: false, reason: 'stale' }
      : { ok: false, reason: 'missing' };
  }

  private async slugTaken(slug: string, except = 0) {
    const row = await this.db
      .selectFrom('content_posts')
      .select('id')
      .where('slug', '=', slug)
      .where('id', '!=', except)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async setLinks(postId: number, links: PostLink[]) {
    await this.db.deleteFrom('content_post_links').where('post_id', '=', postId).execute();
    if (links.length === 0) return;
    await this.db
      .insertInto('content_post_links')
      .values(links.map((link, position) => ({ ...link, post_id: postId, position })))
      .execute();
  }

  private async withLinks(rows: Selectable<ContentPostsTable>[]): Promise<AdminPost[]> {
    const byPost = await linksByPost(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map(({ draft, ...row }) => ({
      ...row,
      hide_text: row.hide_text === 1,
      publishing: publishing(draft, row.publishing_opens_on),
      links: byPost.get(row.id) ?? [],
    }));
  }
}
