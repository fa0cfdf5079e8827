import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** A post the sample seed may have made, with what tells whether staff touched it since. */
export interface PostCandidate {
  id: number;
  slug: string;
  title: string;
  version: number;
  body_markdown: string | null;
}

/** The rows `npm run samples -- remove` deletes, by table. */
export interface SampleIds {
  posts: number[];
  pages: number[];
  tasks: number[];
  messages: number[];
}

/**
 * The rows that could be the sample seed's (content/samples.ts decides which are), and their
 * removal in one transaction. The rows a removed one holds go with it (the tables' cascades: a
 * page's post list, a post's links, a task's student types and each person's state of it).
 */
export class SamplesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async postsBySlug(slugs: readonly string[]): Promise<PostCandidate[]> {
    if (slugs.length === 0) return [];
    return this.db
      .selectFrom('content_posts')
      .select(['id', 'slug', 'title', 'version', 'body_markdown'])
      .where('slug', 'in', [...slugs])
      .orderBy('id')
      .execute();
  }

  async pagesByPath(paths: readonly string[]) {
    if (paths.length === 0) return [];
    return this.db
      .selectFrom('content_pages')
      .select(['id', 'path', 'version'])
      .where('path', 'in', [...paths])
      .orderBy('id')
      .execute();
  }

  async tasksByTitle(titles: readonly string[]) {
    if (titles.length === 0) return [];
    return this.db
      .selectFrom('ns_tasks')
      .select(['id', 'title', 'description', 'version'])
      .where('title', 'in', [...titles])
      .orderBy('id')
      .execute();
  }

  async messagesBySeedKey(keys: readonly string[]) {
    if (keys.length === 0) return [];
    return this.db
      .selectFrom('messages')
      .select(['id', 'seed_key', 'title'])
      .where('seed_key', 'in', [...keys])
      .orderBy('id')
      .execute();
  }

  async remove(ids: SampleIds): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (ids.pages.length)
        await trx.deleteFrom('content_pages').where('id', 'in', ids.pages).execute();
      if (ids.posts.length)
        await trx.deleteFrom('content_posts').where('id', 'in', ids.posts).execute();
      if (ids.tasks.length) await trx.deleteFrom('ns_tasks').where('id', 'in', ids.tasks).execute();
      if (ids.messages.length) {
        await trx.deleteFrom('messages').where('id', 'in', ids.messages).execute();
      }
    });
  }
}
