import { Trans, useLingui } from '@lingui/react/macro';
import type { Post } from '../../../../contract/content.schema.js';
import { safeImage } from './hero.js';
import { PostBody, PostLink } from './post-body.js';
import type { OpenModal } from './post-body.js';
import { postMark } from './post-mark.js';

/** Every card of a page in one grid (portal.md §3: posts of type card are grouped), under the page title. */
export function CardGrid({ posts, onOpenModal }: { posts: Post[]; onOpenModal?: OpenModal }) {
  const { t } = useLingui();
  return (
    <ul className="card-grid">
      {posts.map((post) => {
        const image = safeImage(post.image);
        return (
          <li key={post.pk} className="card" lang={post.lang} {...postMark(post)}>
            {image && <img src={image} alt={post.title} loading="lazy" width={800} height={450} />}
            <h2 className="card__title">{post.title}</h2>
            <PostBody html={post.body} onOpenModal={onOpenModal} />
            {post.action_link && (
              <PostLink href={post.action_link} className="card__link" onOpenModal={onOpenModal}>
                {post.link_text || t`Learn more`}
                <span className="visually-hidden">
                  {' '}
                  <Trans>about {post.title}</Trans>
                </span>
              </PostLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}
