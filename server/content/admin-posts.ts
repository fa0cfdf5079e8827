import type { AdminPostInput } from '../../contract/admin/content.schema.js';
import type { AdminPostsRepository, PostSave } from '../db/repositories/admin-posts.repository.js';
import { convertMarkdown } from './markdown-pool.js';

/**
 * A post the admin saves: its Markdown becomes sanitised HTML, off the request path (converting a
 * long body takes seconds), and the repository stores both.
 */
export async function createPost(
  posts: AdminPostsRepository,
  input: AdminPostInput,
): Promise<PostSave> {
  return posts.create({ ...input, body: await convertMarkdown(input.body_markdown) });
}

/** An edit of post `id` at `version`, its Markdown converted as a new post's is. */
export async function updatePost(
  posts: AdminPostsRepository,
  id: number,
  input: AdminPostInput,
  version: number,
): Promise<PostSave> {
  return posts.update(id, { ...input, body: await convertMarkdown(input.body_markdown) }, version);
}
