import type { Post } from '../../contract/content.schema.js';

/** One piece of a content page: a single post, every card in one grid, or a run of FAQ panels. */
export type ContentPiece =
  | { kind: 'post'; post: Post }
  | { kind: 'cards'; posts: Post[] }
  | { kind: 'accordion'; posts: Post[] };

/**
 * portal.md §3 Page: posts of type card are grouped — all of a page's cards form one grid where the
 * first card stands. Neighbouring accordion posts form one list of panels. Modal posts are not shown
 * on a page (they open from a link).
 */
export function layoutPage(posts: readonly Post[]): ContentPiece[] {
  const pieces: ContentPiece[] = [];
  let cards: Post[] | null = null;
  for (const post of posts) {
    if (post.post_type === 'modal') continue;
    if (post.post_type === 'card') {
      if (!cards) {
        cards = [];
        pieces.push({ kind: 'cards', posts: cards });
      }
      cards.push(post);
      continue;
    }
    const last = pieces.at(-1);
    if (post.post_type === 'accordion' && last?.kind === 'accordion') last.posts.push(post);
    else if (post.post_type === 'accordion') pieces.push({ kind: 'accordion', posts: [post] });
    else pieces.push({ kind: 'post', post });
  }
  return pieces;
}

/** A link to a post modal: `#modal:<slug>` opens the modal post with that slug (portal.md §4). */
export function modalKeyOf(href: string | null | undefined): string | null {
  const match = /^#modal:([a-z0-9][a-z0-9_-]*)$/.exec(href ?? '');
  return match?.[1] ?? null;
}
