import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Post } from '../../../contract/content.schema.js';
import { BlogArticle } from './content/blog.js';
import type { OpenModal } from './content/post-body.js';
import { SectionState } from './section-status.js';
import type { SectionStatusValue } from './section-status.js';
import './content-page.css';

/** `/whats-new/{blog_slug}` (portal.md §2): one blog post, its title as the page title. */
export function BlogPostPage({
  status,
  post,
  date,
  onRetry,
  onOpenModal,
  toolbar,
}: {
  status: SectionStatusValue;
  post: Post | null;
  date: string | null;
  onRetry: () => void;
  onOpenModal: OpenModal;
  /** The page's toolbar (title, bell, profile image); without it, the title alone. */
  toolbar?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <section className="page content-page">
      {toolbar ?? <h1 className="page__title">{post?.title ?? t`What’s New`}</h1>}
      <SectionState status={status} onRetry={onRetry} />
      {post && <BlogArticle post={post} date={date} onOpenModal={onOpenModal} />}
    </section>
  );
}
