import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Post } from '../../../../contract/content.schema.js';
import { safeImage } from './hero.js';
import { PostBody } from './post-body.js';
import type { OpenModal } from './post-body.js';

/**
 * A blog post in a list: its picture, date, title linking to /whats-new/{slug}. Its title is a level
 * 2 heading on a page and level 3 inside a dashboard block.
 */
export function BlogTeaser({
  post,
  date,
  level = 2,
}: {
  post: Post;
  date: string | null;
  level?: 2 | 3;
}) {
  const image = safeImage(post.image);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="blog-teaser" lang={post.lang}>
      {image && <img src={image} alt={post.title} loading="lazy" width={800} height={450} />}
      <div>
        {date && <p className="blog-teaser__date">{date}</p>}
        <Heading className="blog-teaser__title">
          <Link to="/whats-new/$blog_slug" params={{ blog_slug: post.slug }}>
            {post.title}
          </Link>
        </Heading>
      </div>
    </article>
  );
}

/** `/whats-new/{blog_slug}`: the whole post. */
export function BlogArticle({
  post,
  date,
  onOpenModal,
}: {
  post: Post;
  date: string | null;
  onOpenModal?: OpenModal;
}) {
  const image = safeImage(post.image);
  return (
    <article className="blog-article" lang={post.lang}>
      {date && <p className="blog-teaser__date">{date}</p>}
      {image && (
        <img
          className="blog-article__image"
          src={image}
          alt={post.title}
          width={800}
          height={450}
        />
      )}
      <PostBody html={post.body} onOpenModal={onOpenModal} />
      <p>
        <Link to="/$" params={{ _splat: 'whats-new' }}>
          <Trans>More news</Trans>
        </Link>
      </p>
    </article>
  );
}
