import { useLingui } from '@lingui/react/macro';
import type { Post } from '../../../../contract/content.schema.js';
import { safeImage } from './hero.js';
import { PostBody, PostLink } from './post-body.js';
import type { OpenModal } from './post-body.js';

/** A promo card (portal.md §2); its image is below the fold, so it loads lazily. */
export function Promo({ post, onOpenModal }: { post: Post; onOpenModal?: OpenModal }) {
  const { t } = useLingui();
  const image = safeImage(post.image);
  return (
    <article className="promo" lang={post.lang}>
      {image && (
        <img
          className="promo__image"
          src={image}
          alt={post.title}
          loading="lazy"
          width={800}
          height={450}
        />
      )}
      <div className="promo__text">
        <h3 className="promo__title">{post.title}</h3>
        {!post.hide_text && <PostBody html={post.body} onOpenModal={onOpenModal} />}
        {post.action_link && (
          <PostLink href={post.action_link} className="promo__link" onOpenModal={onOpenModal}>
            {post.link_text || t`Learn more`}
          </PostLink>
        )}
      </div>
    </article>
  );
}
