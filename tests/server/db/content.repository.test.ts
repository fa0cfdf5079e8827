import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '../../../server/content/seed.js';
import type { Database } from '../../../server/db/database.js';
import { ContentRepository } from '../../../server/db/repositories/content.repository.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('content');

describe.each(stores)('content repository on $name', ({ open }) => {
  let database: Database;
  let content: ContentRepository;
  const now = new Date('2026-11-21T12:00:00.000Z');

  beforeAll(async () => {
    database = await open();
    content = new ContentRepository(database.db);
  });
  afterAll(async () => database.close());

  it('seeds the sample content once, and not again at the next start', async () => {
    expect(await seedContent(content, now)).toBe(true);
    const count = await content.countPosts();
    expect(count).toBeGreaterThan(20);
    expect(await seedContent(content, now)).toBe(false);
    expect(await content.countPosts()).toBe(count);
  });

  it('stores every field of a post and its links in order, its body as given', async () => {
    const stored = await content.insertPost({
      post_type: 'resources',
      slug: 'repo-test-resources',
      title: 'Test resources',
      body: '<p>Hi</p>',
      category: 'advisor',
      image: '/content/a.webp',
      thumbnail_image: '/content/t.webp',
      medium_image: '/content/m.webp',
      large_image: '/content/l.webp',
      action_link: 'https://x.example/',
      link_text: 'Go',
      hide_text: true,
      publishing_opens_on: '2026-12-01T00:00:00.000Z',
      links: [
        { url: 'https://b.example/', link_text: 'B', description: 'second', icon_class: 'b' },
        { url: 'https://a.example/', link_text: 'A', description: 'first', icon_class: 'a' },
      ],
    });
    const [found] = await content.findPosts({ slug: 'repo-test-resources' });
    expect(found).toEqual(stored);
    expect(found).toMatchObject({ body: '<p>Hi</p>', hide_text: true, category: 'advisor' });
    expect(found?.links.map((l) => l.link_text)).toEqual(['B', 'A']);
  });

  it('finds posts by post type and category', async () => {
    const promos = await content.findPosts({ post_type: 'promo', category: 'staff' });
    expect(promos.map((p) => p.slug)).toEqual(['open-enrollment-benefits']);
  });

  it('finds a page by slug or path with its posts in the page’s order', async () => {
    const bySlug = await content.findPage({ slug: 'whats-new' });
    const byPath = await content.findPage({ path: '/whats-new' });
    expect(byPath).toEqual(bySlug);
    expect(bySlug?.posts.map((p) => p.slug)).toEqual([
      'winter-break-closures',
      'library-open-late-for-finals',
      'community-garden-harvest',
      'student-discount-transit',
    ]);
    expect((await content.findPage({ slug: 'orientation' }))?.published).toBe(false);
    expect(await content.findPage({ path: '/nowhere' })).toBeUndefined();
  });
});
