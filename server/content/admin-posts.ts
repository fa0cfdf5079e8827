import type { AdminPostInput } from '../../contract/admin/content.schema.js';
import { storedTranslations } from '../../contract/translations.schema.js';
import type {
  AdminPostsRepository,
  PostSave,
  StoredPostInput,
} from '../db/repositories/admin-posts.repository.js';
import { convertMarkdown } from './markdown-pool.js';

/**
 * A post the admin saves: its Markdown becomes sanitised HTML, off the request path (converting a
 * long body takes seconds), and the repository stores both.
 */
export async function createPost(
  posts: AdminPostsRepository,
  input: AdminPostInput,
): Promise<PostSave> {
  return posts.create(await converted(input));
}

/** An edit of post `id` at `version`, its Markdown converted as a new post's is. */
export async function updatePost(
  posts: AdminPostsRepository,
  id: number,
  input: AdminPostInput,
  version: number,
): Promise<PostSave> {
  return posts.update(id, await converted(input), version);
}

/** The English body and the Spanish one (issue 59) converted and sanitised alike. */
async function converted(input: AdminPostInput): Promise<StoredPostInput> {
  const bodyEs = input.body_es === null ? null : await convertMarkdown(input.body_es);
  return {
    ...input,
    body: await convertMarkdown(input.body_markdown),
    translations: storedTranslations({ ...input, body_es: bodyEs }),
  };
}
