import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNewPost } from '../../../server/content/seed.js';
import { storePost, storedContent } from '../../../server/content/stored.js';
import type { Database } from '../../../server/db/database.js';
import { ContentRepository } from '../../../server/db/repositories/content.repository.js';
import { repositoryStores } from '../db/stores.js';

const stores = repositoryStores('stored');

describe.each(stores)('stored content on $name', ({ open }) => {
  let database: Database;
  let content: ContentRepository;
  const now = new Date('2026-11-21T12:00:00.000Z');
  const base = toNewPost({ post_type: 'promo', title: 'Post', slug: 'post' }, now);

  beforeAll(async () => {
    database = await open();
    content = new ContentRepository(database.db);
  });
  afterAll(async () => database.close());

  it('a stored post’s body goes through the HTML allow-list before it is stored', async () => {
    const stored = await storePost(content, {
      ...base,
      slug: 'sanitised',
      body: '<p onclick="alert(1)">Hi<script>alert(2)</script></p>',
    });
    expect(stored.body).toBe('<p>Hi</p>');
    const [found] = await content.findPosts({ slug: 'sanitised' });
    expect(found?.body).toBe('<p>Hi</p>');
    // The first sanitising loads the allow-list's DOM: slow on a loaded machine.
  }, 60_000);

  it('refuses a post whose action link, links or images use a refused address', async () => {
    await expect(
      storePost(content, { ...base, slug: 'bad-1', action_link: 'javascript:alert(1)' }),
    ).rejects.toThrow(/refuses/);
    await expect(
      storePost(content, { ...base, slug: 'bad-2', image: 'data:image/png;base64,AAAA' }),
    ).rejects.toThrow(/refuses/);
    await expect(
      storePost(content, {
        ...base,
        slug: 'bad-3',
        links: [{ url: 'vbscript:x', link_text: 'x', description: '', icon_class: '' }],
      }),
    ).rejects.toThrow(/refuses/);
    expect(await content.findPosts({ slug: 'bad-1' })).toEqual([]);
  });

  it('a link stored before the link rule that the rule refuses is not handed out; the others are, normalised', async () => {
    // Written past the rule, as a row stored before it (or by hand) is.
    await content.insertPost({
      ...base,
      slug: 'old-links',
      action_link: 'javascript:alert(1)',
      links: [
        { url: '//evil.example/', link_text: 'Evil', description: '', icon_class: '' },
        { url: 'HTTPS://Good.Example/a', link_text: 'Good', description: '', icon_class: '' },
      ],
    });
    await content.insertPage({ path: '/old', slug: 'old', published: true }, ['old-links']);
    const source = storedContent(content);
    const [post] = await source.findPosts({ slug: 'old-links' });
    expect(post?.action_link).toBeNull();
    expect(post?.links).toEqual([
      { url: 'https://good.example/a', link_text: 'Good', description: '', icon_class: '' },
    ]);
    expect((await source.findPage({ path: '/old' }))?.posts).toEqual([post]);
    // The repository itself hands the row back as stored: the rule is the layer above's.
    const [raw] = await content.findPosts({ slug: 'old-links' });
    expect(raw?.action_link).toBe('javascript:alert(1)');
  });
});
