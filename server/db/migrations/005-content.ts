import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/** portal.md §3 Content: posts with their ordered links, pages with their ordered posts. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('content_posts'), dialect)
    .addColumn('post_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text')
    .addColumn('image', 'text')
    .addColumn('thumbnail_image', 'text')
    .addColumn('medium_image', 'text')
    .addColumn('large_image', 'text')
    .addColumn('action_link', 'text')
    .addColumn('link_text', 'text')
    .addColumn('hide_text', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publishing_opens_on', 'text')
    .execute();
  await db.schema
    .createIndex('content_posts_type_category')
    .on('content_posts')
    .columns(['post_type', 'category'])
    .execute();

  await idColumn(db.schema.createTable('content_post_links'), dialect)
    .addColumn('post_id', 'integer', (c) =>
      c.notNull().references('content_posts.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('link_text', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon_class', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('content_post_links_post')
    .on('content_post_links')
    .columns(['post_id', 'position'])
    .execute();

  await idColumn(db.schema.createTable('content_pages'), dialect)
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('content_page_posts')
    .addColumn('page_id', 'integer', (c) =>
      c.notNull().references('content_pages.id').onDelete('cascade'),
    )
    .addColumn('post_id', 'integer', (c) =>
      c.notNull().references('content_posts.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_page_posts_pk', ['page_id', 'post_id'])
    .execute();
}
