import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPostInput } from '../../../contract/admin/content.schema.js';
import { createPost, updatePost } from '../../../server/content/admin-posts.js';
import type { Database } from '../../../server/db/database.js';
import { AdminPostsRepository } from '../../../server/db/repositories/admin-posts.repository.js';
import { repositoryStores } from '../db/stores.js';

const input = (body_markdown: string): AdminPostInput => ({
  post_type: 'promo',
  title: 'Hello',
  slug: 'hello',
  body_markdown,
  category: null,
  action_link: null,
  link_text: null,
  title_es: null,
  body_es: null,
  link_text_es: null,
  hide_text: false,
  publishing: 'now',
  publishing_opens_on: null,
  links: [],
});

describe.each(repositoryStores('admin_posts'))('the admin’s posts on $name', ({ open }) => {
  let database: Database;
  let posts: AdminPostsRepository;
  beforeAll(async () => {
    database = await open();
    posts = new AdminPostsRepository(database.db);
  });
  afterAll(async () => database.close());

  it('a saved post stores its Markdown beside the sanitised HTML it became, on creating and on editing', async () => {
    const made = await createPost(
      posts,
      input('## Hello\n\n[a link](https://campus.example.edu)\n\n<script>alert(1)</script>'),
    );
    if (!made.ok) throw new Error('not created');
    expect(made.post.body).not.toContain('script');
    expect(made.post.body).toContain('<h2>Hello</h2>');
    expect(made.post.body).toContain('<a href="https://campus.example.edu">a link</a>');
    expect(made.post.body_markdown).toContain('<script>');

    const edited = await updatePost(
      posts,
      made.post.id,
      input('*Bye*<img src=x onerror=alert(1)>'),
      1,
    );
    if (!edited.ok) throw new Error('not saved');
    expect(edited.post.body).toContain('<em>Bye</em>');
    expect(edited.post.body).not.toContain('onerror');
    expect(edited.post.body_markdown).toBe('*Bye*<img src=x onerror=alert(1)>');
    // The first conversion starts the worker thread: slow on a loaded machine.
  }, 90_000);
});
