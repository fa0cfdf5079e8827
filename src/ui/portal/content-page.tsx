import { useLingui } from '@lingui/react/macro';
import type { ReactNode, Ref } from 'react';
import type { PreviewAs } from '../../../contract/content.schema.js';
import type { ContentPiece } from '../../lib/content-layout.js';
import { ContentPieces } from './content/post-view.js';
import type { PostViewOptions } from './content/post-view.js';
import { PreviewNotice } from './preview-notice.js';
import { SectionState } from './section-status.js';
import type { SectionStatusValue } from './section-status.js';
import './content-page.css';

/**
 * The title of a content page from its slug, for a page the menu does not name: "resources" →
 * "Resources" (What's New is named by its container, in the reader's language).
 */
export function titleOfSlug(slug: string): string {
  const last = slug.split('/').at(-1) ?? slug;
  const words = last.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The generic content page (portal.md §2 route table): a page's posts rendered by type. */
export function ContentPage({
  slug,
  title,
  status,
  onRetry,
  pieces,
  preview,
  previewAs = null,
  options,
  toolbar,
  lead,
  more,
  ref,
}: {
  slug: string;
  title: string;
  status: SectionStatusValue;
  onRetry: () => void;
  pieces: ContentPiece[];
  preview: boolean;
  /** Staff previewing the page as another role sees it (`?preview_role=`). */
  previewAs?: PreviewAs | null;
  options: PostViewOptions;
  /** The page's toolbar (title, bell, profile image); without it, the title alone. */
  toolbar?: ReactNode;
  /** What the portal itself puts above the published content (Resources' campus map). */
  lead?: ReactNode;
  /** After the posts: the next page's "Show more posts" (issue 87). */
  more?: ReactNode;
  /** The page's element: "Show more posts" looks in it for the first post it added. */
  ref?: Ref<HTMLElement>;
}) {
  const { t } = useLingui();
  return (
    <section ref={ref} className="page content-page" data-slug={slug}>
      {(preview || previewAs) && <PreviewNotice unpublished={preview} as={previewAs} />}
      {toolbar ?? <h1 className="page__title">{title}</h1>}
      {lead}
      <SectionState
        status={status}
        onRetry={onRetry}
        emptyText={t`There is nothing published on this page yet.`}
      />
      {status === 'loaded' && <ContentPieces pieces={pieces} options={options} />}
      {status === 'loaded' && more}
    </section>
  );
}
