import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { Post } from '../../../../contract/content.schema.js';
import { safeImage } from './hero.js';
import { PostBody } from './post-body.js';

/**
 * A video (portal.md §3 video_embed) behind a facade: nothing of the player loads until the viewer
 * presses play; then the privacy-enhanced player, titled for screen readers, starts.
 */
export function Video({ post, embedUrl }: { post: Post; embedUrl: string | null }) {
  const [playing, setPlaying] = useState(false);
  const poster = safeImage(post.image);
  return (
    <>
      {embedUrl && playing ? (
        <iframe
          className="video__frame"
          src={`${embedUrl}${embedUrl.includes('?') ? '&' : '?'}autoplay=1`}
          title={post.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : embedUrl ? (
        <button type="button" className="video__facade" onClick={() => setPlaying(true)}>
          {poster && <img src={poster} alt="" loading="lazy" width={800} height={450} />}
          <span className="video__play" aria-hidden="true" />
          <span className="visually-hidden">
            <Trans>
              Play video: <span lang={post.lang}>{post.title}</span>
            </Trans>
          </span>
        </button>
      ) : null}
      <PostBody html={post.body} lang={post.lang} />
    </>
  );
}
