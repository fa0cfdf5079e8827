import { Trans, useLingui } from '@lingui/react/macro';
import type { Post } from '../../../../contract/content.schema.js';
import type { ContentPiece } from '../../../lib/content-layout.js';
import { Accordion } from './accordion.js';
import { BlogTeaser } from './blog.js';
import { CardGrid } from './cards.js';
import { Hero } from './hero.js';
import { ResourceList, SchoolTools } from './links.js';
import { PostBody } from './post-body.js';
import type { OpenModal } from './post-body.js';
import { Promo } from './promo.js';
import { postMark } from './post-mark.js';
import { Video } from './video.js';

export interface PostViewOptions {
  onOpenModal?: OpenModal;
  /** The privacy-enhanced player address of a video post, or null when its host is not allowed. */
  embedUrl: (post: Post) => string | null;
  /** A post's publishing date as shown (campus time zone). */
  dateOf: (post: Post) => string | null;
}

/** A titled section around one post; its title hides when the editor set hide_text. */
function Titled({ post, children }: { post: Post; children: React.ReactNode }) {
  return (
    <section
      className="content-section"
      aria-label={post.hide_text ? post.title : undefined}
      lang={post.lang}
    >
      {!post.hide_text && <h2 className="content-section__title">{post.title}</h2>}
      {children}
    </section>
  );
}

/** One post of a content page, rendered by its type (portal.md §3). */
function PostView({ post, options }: { post: Post; options: PostViewOptions }) {
  const { onOpenModal } = options;
  switch (post.post_type) {
    case 'hero':
      return <Hero post={post} {...(onOpenModal ? { onOpenModal } : {})} />;
    case 'promo':
      return <Promo post={post} {...(onOpenModal ? { onOpenModal } : {})} />;
    case 'blog':
      return <BlogTeaser post={post} date={options.dateOf(post)} />;
    case 'resources':
      return (
        <Titled post={post}>
          <ResourceList post={post} />
        </Titled>
      );
    case 'icon_link':
      return (
        <Titled post={post}>
          <SchoolTools post={post} />
        </Titled>
      );
    case 'video_embed':
      return (
        <Titled post={post}>
          <Video post={post} embedUrl={options.embedUrl(post)} />
        </Titled>
      );
    default:
      return (
        <Titled post={post}>
          <PostBody html={post.body} onOpenModal={onOpenModal} />
        </Titled>
      );
  }
}

/** A content page's pieces in order: single posts, the card grid, FAQ panels. */
export function ContentPieces({
  pieces,
  options,
}: {
  pieces: ContentPiece[];
  options: PostViewOptions;
}) {
  const { onOpenModal } = options;
  const { t } = useLingui();
  const modal = onOpenModal ? { onOpenModal } : {};
  return (
    <div className="content-pieces">
      {pieces.map((piece) =>
        piece.kind === 'cards' ? (
          <CardGrid key={`cards-${piece.posts[0]?.pk}`} posts={piece.posts} {...modal} />
        ) : piece.kind === 'accordion' ? (
          <section
            key={`faq-${piece.posts[0]?.pk}`}
            className="content-section"
            aria-label={t`Frequently asked questions`}
          >
            <h2 className="content-section__title">
              <Trans>Frequently asked questions</Trans>
            </h2>
            <Accordion posts={piece.posts} {...modal} />
          </section>
        ) : (
          <div key={piece.post.pk} className="content-pieces__post" {...postMark(piece.post)}>
            <PostView post={piece.post} options={options} />
          </div>
        ),
      )}
    </div>
  );
}
