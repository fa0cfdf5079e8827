import { useLingui } from '@lingui/react/macro';
import type { Post } from '../../../../contract/content.schema.js';
import { isSafeContentUrl } from '../../../../contract/html-policy.js';
import { heroSources } from '../../../lib/hero.js';
import { PostBody, PostLink } from './post-body.js';
import type { OpenModal } from './post-body.js';

/** An image address the content policy allows, else null. */
export const safeImage = (src: string | null) => (src && isSafeContentUrl('src', src) ? src : null);

/**
 * The hero (portal.md §2): a <picture> whose sources follow the §2 widths, so the browser loads only
 * the one it shows; it is above the fold, so it loads eagerly with high priority.
 */
export function Hero({ post, onOpenModal }: { post: Post; onOpenModal?: OpenModal }) {
  const { t } = useLingui();
  const image = safeImage(post.image);
  const sources = heroSources(post).filter((s) => safeImage(s.src));
  return (
    <section className="hero" aria-label={post.title} data-testid="block-hero" lang={post.lang}>
      {image && (
        <picture className="hero__picture">
          {sources.map((s) => (
            <source key={s.media} media={s.media} srcSet={s.src} />
          ))}
          <img
            className="hero__image"
            src={image}
            alt={post.title}
            width={1600}
            height={600}
            fetchPriority="high"
          />
        </picture>
      )}
      {!post.hide_text && (
        <div className="hero__text">
          <p className="hero__title">{post.title}</p>
          <PostBody html={post.body} className="hero__body" onOpenModal={onOpenModal} />
          {post.action_link && (
            <PostLink
              href={post.action_link}
              className="button hero__link"
              onOpenModal={onOpenModal}
            >
              {post.link_text || t`Learn more`}
            </PostLink>
          )}
        </div>
      )}
    </section>
  );
}
