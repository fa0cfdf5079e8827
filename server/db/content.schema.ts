import type { Generated } from 'kysely';

/** portal.md §3 Content tables (migration 005). Booleans are 0/1, times ISO-8601 UTC text. */
export interface ContentPostsTable {
  id: Generated<number>;
  post_type: string;
  title: string;
  slug: string;
  /** Sanitised HTML (server/content/sanitize.ts) — never stored otherwise. */
  body: string;
  category: string | null;
  image: string | null;
  thumbnail_image: string | null;
  medium_image: string | null;
  large_image: string | null;
  action_link: string | null;
  link_text: string | null;
  hide_text: number;
  publishing_opens_on: string | null;
  /** Migration 010: bumped by every admin edit, so a stale edit is refused. */
  version: Generated<number>;
  /** Migration 010: the Markdown an editor wrote; `body` is its sanitised HTML. Null for seeded posts. */
  body_markdown: string | null;
  /** Migration 011: 1 for a draft, which no answer but a staff preview holds. */
  draft: Generated<number>;
  /** Migration 038: the Spanish title, body (sanitised HTML) and link text; `{}` for none. */
  translations: Generated<string>;
  /** Migration 038: the Markdown of the Spanish body. */
  body_markdown_es: string | null;
}

export interface ContentPostLinksTable {
  id: Generated<number>;
  post_id: number;
  position: number;
  url: string;
  link_text: string;
  description: string;
  icon_class: string;
}

export interface ContentPagesTable {
  id: Generated<number>;
  path: string;
  slug: string;
  published: number;
  /** Migration 010. */
  version: Generated<number>;
}

export interface ContentPagePostsTable {
  page_id: number;
  post_id: number;
  position: number;
}

export interface ContentSchema {
  content_posts: ContentPostsTable;
  content_post_links: ContentPostLinksTable;
  content_pages: ContentPagesTable;
  content_page_posts: ContentPagePostsTable;
}
