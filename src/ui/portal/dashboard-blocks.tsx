import { useId } from 'react';
import type { ReactNode } from 'react';
import type { Post } from '../../../contract/content.schema.js';
import { ResourceList, SchoolTools } from './content/links.js';
import { PostBody } from './content/post-body.js';
import type { OpenModal } from './content/post-body.js';
import { Promo } from './content/promo.js';
import { idlePart } from '../../lib/idle-part.js';

/** The video's player after the first screen (src/lib/idle-part.tsx); the server draws it whole. */
const Video = idlePart(() => import('./content/video.js').then((m) => m.Video));

/** Which copy of a block this is: blocks shown at one place on phones and another on desktops. */
export type Only = 'mobile' | 'desktop' | undefined;

/** A titled dashboard block; `only` hides the inactive copy entirely (display: none). */
export function Block({
  title,
  testId,
  only,
  hiddenTitle = false,
  lang,
  children,
}: {
  title: string;
  /** The title's language where the page's may differ (a post's `lang`, issue 76). */
  lang?: string | undefined;
  testId: string;
  only?: Only;
  hiddenTitle?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      className={`block${only ? ` only-${only}` : ''}`}
      aria-labelledby={id}
      data-testid={testId}
    >
      <h2 id={id} className={hiddenTitle ? 'visually-hidden' : 'block__title'} lang={lang}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A group of promos under one (visually hidden) heading. */
export function Promos({
  posts,
  title,
  testId,
  only,
  onOpenModal,
}: {
  posts: Post[];
  title: string;
  testId: string;
  only?: Only;
  onOpenModal: OpenModal;
}) {
  if (posts.length === 0) return null;
  return (
    <Block title={title} testId={testId} only={only} hiddenTitle>
      <div className="promos">
        {posts.map((post) => (
          <Promo key={post.pk} post={post} onOpenModal={onOpenModal} />
        ))}
      </div>
    </Block>
  );
}

/** Resources posts, each a block with "View more" to Resources (portal.md §2 Shared blocks). */
export function Resources({ posts, testId }: { posts: Post[]; testId: string }) {
  return posts.map((post) => (
    <Block key={post.pk} title={post.title} testId={testId} lang={post.lang}>
      <ResourceList post={post} viewMore />
    </Block>
  ));
}

export function Tools({ posts, only }: { posts: Post[]; only: Only }) {
  return posts.map((post) => (
    <Block
      key={post.pk}
      title={post.title}
      testId="block-school-tools"
      only={only}
      lang={post.lang}
    >
      <SchoolTools post={post} />
    </Block>
  ));
}

export function Videos({
  posts,
  embedUrl,
}: {
  posts: Post[];
  embedUrl: (p: Post) => string | null;
}) {
  return posts.map((post) => (
    <Block key={post.pk} title={post.title} testId="block-video" lang={post.lang}>
      <Video post={post} embedUrl={embedUrl(post)} />
    </Block>
  ));
}

export function BasicHtml({ posts, onOpenModal }: { posts: Post[]; onOpenModal: OpenModal }) {
  return posts.map((post) => (
    <Block
      key={post.pk}
      title={post.title}
      testId="block-basic-html"
      hiddenTitle={post.hide_text}
      lang={post.lang}
    >
      <PostBody html={post.body} onOpenModal={onOpenModal} lang={post.lang} />
    </Block>
  ));
}
