import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { AdminMessagesRepository } from '../../../server/db/repositories/admin-messages.repository.js';
import { AdminPagesRepository } from '../../../server/db/repositories/admin-pages.repository.js';
import { AdminPostsRepository } from '../../../server/db/repositories/admin-posts.repository.js';
import type { StoredPostInput } from '../../../server/db/repositories/admin-posts.repository.js';
import { toNewPost } from '../../../server/content/seed.js';
import { markOldDrafts } from '../../../server/db/migrations/011-post-drafts.js';
import { ContentRepository } from '../../../server/db/repositories/content.repository.js';
import { MessagesRepository } from '../../../server/db/repositories/messages.repository.js';
import { repositoryStores } from './stores.js';

const post = (slug: string, over: Partial<StoredPostInput> = {}): StoredPostInput => ({
  post_type: 'promo',
  title: `Post ${slug}`,
  slug,
  title_es: null,
  body_es: null,
  link_text_es: null,
  translations: '{}',
  body_markdown: '## Hello',
  body: '<h2>Hello</h2>',
  category: null,
  action_link: null,
  link_text: null,
  hide_text: false,
  publishing: 'now',
  publishing_opens_on: null,
  links: [],
  ...over,
});

describe.each(repositoryStores('admin_content'))(
  'the admin content and message repositories on $name',
  ({ open }) => {
    let database: Database;
    beforeAll(async () => {
      database = await open();
    });
    afterAll(async () => database.close());

    it('stores the Markdown and its HTML as given, versions every edit, and keeps a draft out of reach', async () => {
      const posts = new AdminPostsRepository(database.db);
      const made = await posts.create(
        post('hello', {
          publishing: 'draft',
          links: [{ url: '/a', link_text: 'A', description: '', icon_class: '' }],
        }),
      );
      if (!made.ok) throw new Error('not created');
      expect(made.post).toMatchObject({ body: '<h2>Hello</h2>', body_markdown: '## Hello' });
      expect(made.post).toMatchObject({
        version: 1,
        publishing: 'draft',
        publishing_opens_on: null,
        links: [{ url: '/a' }],
      });
      expect(await posts.update(made.post.id, post('hello'), 1)).toMatchObject({
        ok: true,
        post: { version: 2, publishing: 'now', links: [] },
      });
      expect(await posts.update(made.post.id, post('hello'), 1)).toEqual({
        ok: false,
        reason: 'stale',
      });
      expect(await posts.create(post('hello'))).toEqual({ ok: false, reason: 'slug' });
    });

    it('orders a page’s posts and refuses a stale change', async () => {
      const posts = new AdminPostsRepository(database.db);
      const pages = new AdminPagesRepository(database.db);
      const ids = [];
      for (const slug of ['one', 'two', 'three']) {
        const made = await posts.create(post(slug));
        if (made.ok) ids.push(made.post.id);
      }
      const page = await pages.create({ path: '/ordered', slug: 'ordered', published: true });
      if (!page.ok) throw new Error('no page');
      let version = page.page.version;
      for (const id of ids) {
        const added = await pages.changePosts(page.page.id, id, 'add', version);
        if (added.ok) version = added.page.version;
      }
      const moved = await pages.changePosts(page.page.id, ids[2] ?? 0, 'up', version);
      expect(moved.ok && moved.page.posts.map((p) => p.id)).toEqual([ids[0], ids[2], ids[1]]);
      expect(await pages.changePosts(page.page.id, ids[0] ?? 0, 'down', version)).toEqual({
        ok: false,
        reason: 'stale',
      });
      expect(await pages.create({ path: '/ordered', slug: 'other', published: true })).toEqual({
        ok: false,
        reason: 'taken',
      });
    });

    it('moves a post’s link a place up or down at the version shown, and refuses a stale move', async () => {
      const posts = new AdminPostsRepository(database.db);
      const link = (text: string) => ({
        url: `/${text}`,
        link_text: text,
        description: '',
        icon_class: '',
      });
      const made = await posts.create(post('linked', { links: [link('a'), link('b'), link('c')] }));
      if (!made.ok) throw new Error('no post');
      const { id, version } = made.post;
      const moved = await posts.moveLink(id, 2, 'up', version);
      expect(moved.ok && moved.post.links.map((l) => l.link_text)).toEqual(['a', 'c', 'b']);
      expect(moved.ok && moved.post.version).toBe(version + 1);
      expect(await posts.moveLink(id, 0, 'down', version)).toEqual({ ok: false, reason: 'stale' });
      expect(await posts.moveLink(id, 3, 'up', version + 1)).toEqual({
        ok: false,
        reason: 'absent',
      });
    });

    it('a draft is marked as one, and left out of every reader’s page and posts unless drafts are asked for', async () => {
      const posts = new AdminPostsRepository(database.db);
      const made = await posts.create(post('kept-back', { publishing: 'draft' }));
      const live = await posts.create(post('out-now'));
      if (!made.ok || !live.ok) throw new Error('not created');
      const page = await new AdminPagesRepository(database.db).create({
        path: '/drafts',
        slug: 'drafts',
        published: true,
      });
      if (!page.ok) throw new Error('no page');
      const pages = new AdminPagesRepository(database.db);
      const added = await pages.changePosts(page.page.id, made.post.id, 'add', page.page.version);
      if (!added.ok) throw new Error('not added');
      await pages.changePosts(page.page.id, live.post.id, 'add', added.page.version);
      const content = new ContentRepository(database.db);
      const slugs = (list: Array<{ slug: string }> | undefined) => list?.map((p) => p.slug);
      expect(slugs((await content.findPage({ path: '/drafts' }))?.posts)).toEqual(['out-now']);
      expect(slugs((await content.findPage({ path: '/drafts' }, { drafts: true }))?.posts)).toEqual(
        ['kept-back', 'out-now'],
      );
      expect(await content.findPosts({ slug: 'kept-back' })).toEqual([]);
      expect(slugs(await content.findPosts({ slug: 'kept-back', drafts: true }))).toEqual([
        'kept-back',
      ]);
      const published = await posts.update(made.post.id, post('kept-back'), made.post.version);
      expect(published).toMatchObject({ ok: true, post: { publishing: 'now' } });
      expect(slugs(await content.findPosts({ slug: 'kept-back' }))).toEqual(['kept-back']);
    });

    it('migration 011: a post stored as a draft the old way (opening 9999-12-31) becomes a draft', async () => {
      const content = new ContentRepository(database.db);
      const old = await content.insertPost({
        ...toNewPost({ post_type: 'promo', title: 'Old draft', slug: 'old-draft' }, new Date()),
        publishing_opens_on: '9999-12-31T00:00:00.000Z',
      });
      await markOldDrafts(database.db);
      expect(await new AdminPostsRepository(database.db).find(old.pk)).toMatchObject({
        publishing: 'draft',
        publishing_opens_on: null,
      });
      expect(await content.findPosts({ slug: 'old-draft' })).toEqual([]);
    });

    it('counts who read a message and retracts it', async () => {
      const id = await new MessagesRepository(database.db).create({
        audience: 'everyone',
        title: 'Hi',
        body: 'There',
        created_on: new Date(),
      });
      const sent = new AdminMessagesRepository(database.db);
      expect(await sent.find(id)).toMatchObject({ title: 'Hi', reads: 0 });
      expect(await sent.remove(id)).toBe(true);
      expect(await sent.find(id)).toBeUndefined();
    });
  },
);
