import type { Kysely } from 'kysely';
import { POST_LINKS_MAX } from '../../../contract/content.schema.js';
import type { PostLink } from '../../../contract/content.schema.js';
import type { DatabaseSchema } from '../schema.js';

/** The links of these posts, each post's in its order, read in one query (none for no posts). */
export async function linksByPost(
  db: Kysely<DatabaseSchema>,
  postIds: number[],
): Promise<Map<number, PostLink[]>> {
  const byPost = new Map<number, PostLink[]>();
  if (postIds.length === 0) return byPost;
  const links = await db
    .selectFrom('content_post_links')
    .selectAll()
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('position')
    .execute();
  for (const { post_id, url, link_text, description, icon_class } of links) {
    const list = byPost.get(post_id) ?? [];
    if (list.length >= POST_LINKS_MAX) continue;
    list.push({ url, link_text, description, icon_class });
    byPost.set(post_id, list);
  }
  return byPost;
}
