import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenCategories } from '../../../contract/content.rules.js';
import type { ContentReader } from '../../../contract/content.rules.js';
import type { Post } from '../../../contract/content.schema.js';
import { seedContent } from '../../../server/content/seed.js';
import { visiblePosts } from '../../../server/content/visible.js';
import type { Database } from '../../../server/db/database.js';
import { ContentRepository } from '../../../server/db/repositories/content.repository.js';
import type { PostFilter } from '../../../server/db/repositories/content.repository.js';
import { repositoryStores } from './stores.js';

/**
 * Issue 87: `GET /api/posts`'s page is cut in the store's query (the §6 rules as its filters, a
 * keyset on the post's id, LIMIT n + 1): a walk of small pages holds exactly what the §6 rule
 * (`visiblePosts`, applied to the whole list) lets the reader see, in the same order.
 */
const now = new Date('2026-11-21T12:00:00.000Z');
const readers: Array<[string, ContentReader]> = [
  ['a student', { primary_role: 'student', other_roles: [], financial_dashboard_access: false }],
  ['a staff member', { primary_role: 'staff', other_roles: [], financial_dashboard_access: false }],
  [
    'faculty with finances',
    { primary_role: 'faculty', other_roles: [], financial_dashboard_access: true },
  ],
];
const categories = [null, 'student', 'staff', 'faculty', 'financial_dashboard', 'clubs'];

describe.each(repositoryStores('posts_page'))('posts paged in the query on $name', ({ open }) => {
  let database: Database;
  let content: ContentRepository;

  beforeAll(async () => {
    database = await open();
    content = new ContentRepository(database.db);
    await seedContent(content, now);
    // Accordions of every kind of category, some not yet open.
    for (let i = 0; i < 24; i += 1) {
      await content.insertPost({
        post_type: 'accordion',
        title: `Paged ${i}`,
        slug: `paged-${i}`,
        category: categories[i % categories.length] ?? null,
        image: null,
        thumbnail_image: null,
        medium_image: null,
        large_image: null,
        action_link: null,
        link_text: null,
        publishing_opens_on: i % 5 === 0 ? '2026-12-01T00:00:00.000Z' : null,
      });
    }
  });
  afterAll(async () => database.close());

  /** Every page of `limit` from the first, each asked after the last one's last post. */
  async function walk(filter: PostFilter, reader: ContentReader, limit: number, preview = false) {
    const seenBy = {
      hiddenCategories: hiddenCategories(reader),
      ...(!preview && { openAt: now.toISOString() }),
    };
    const pages: Array<{ posts: Post[]; more: boolean }> = [];
    let after: number | undefined;
    for (let i = 0; i < 50; i += 1) {
      const page = await content.findPostsPage(filter, seenBy, { limit, after });
      if (!page) throw new Error(`after ${String(after)} was refused`);
      pages.push(page);
      after = page.posts.at(-1)?.pk;
      if (!page.more) break;
    }
    return pages;
  }

  it.each(readers)(
    'a walk of pages of 3 holds what §6 lets %s see, once each, in order; more until the last page',
    async (_, reader) => {
      const filter = { post_type: 'accordion' as const };
      const whole = visiblePosts(await content.findPosts(filter), reader, now, false);
      expect(whole.length).toBeGreaterThan(6);
      const pages = await walk(filter, reader, 3);
      expect(pages.flatMap((p) => p.posts.map((post) => post.slug))).toEqual(
        whole.map((p) => p.slug),
      );
      expect(pages.slice(0, -1).every((p) => p.more && p.posts.length === 3)).toBe(true);
      expect(pages.at(-1)?.more).toBe(false);
    },
  );

  it('a staff preview pages the posts not yet open too, still only those of its roles', async () => {
    const [, reader] = readers[1] ?? [];
    if (!reader) throw new Error('no staff reader');
    const filter = { post_type: 'accordion' as const, drafts: true };
    const whole = visiblePosts(await content.findPosts(filter), reader, now, true);
    expect(whole.some((p) => p.publishing_opens_on !== null)).toBe(true);
    const pages = await walk(filter, reader, 4, true);
    expect(pages.flatMap((p) => p.posts.map((post) => post.slug))).toEqual(
      whole.map((p) => p.slug),
    );
  });

  it('a cursor that names no post of the list (another type, one hidden from the reader) is refused', async () => {
    const [, student] = readers[0] ?? [];
    if (!student) throw new Error('no student reader');
    const seenBy = { hiddenCategories: hiddenCategories(student), openAt: now.toISOString() };
    const [staffOnly] = await content.findPosts({ post_type: 'accordion', category: 'staff' });
    const [promo] = await content.findPosts({ post_type: 'promo' });
    expect(staffOnly && promo).toBeTruthy();
    for (const after of [staffOnly?.pk, promo?.pk, 99_999_999]) {
      expect(
        await content.findPostsPage({ post_type: 'accordion' }, seenBy, { after }),
      ).toBeUndefined();
    }
  });
});
