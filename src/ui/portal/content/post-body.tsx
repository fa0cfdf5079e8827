import type { MouseEvent, ReactNode } from 'react';
import { normaliseLink } from '../../../../contract/link.rules.js';
import { modalKeyOf } from '../../../lib/content-layout.js';
import { useSanitizedHtml } from '../../../lib/rich-text.js';
import './content.css';

export type OpenModal = (key: string) => void;

/** A `#modal:<slug>` link anywhere in the clicked element's ancestry opens that post modal. */
export function openModalOnClick(onOpenModal: OpenModal | undefined) {
  return (event: MouseEvent<HTMLElement>) => {
    if (!onOpenModal || !(event.target instanceof Element)) return;
    const key = modalKeyOf(event.target.closest('a')?.getAttribute('href'));
    if (key === null) return;
    event.preventDefault();
    onOpenModal(key);
  };
}

/** A post's HTML body, through the shared allow-list (contract/html-policy.ts) once more. */
export function PostBody({
  html,
  className = 'post-body',
  onOpenModal,
  lang,
}: {
  html: string;
  className?: string;
  onOpenModal?: OpenModal | undefined;
  /** The body's language where the page's may differ (a post's `lang`, issue 76). */
  lang?: string | undefined;
}) {
  const safe = useSanitizedHtml(html);
  if (!html) return null;
  return (
    // Clicks (and Enter on a link) bubble here from the links inside the sanitised HTML.
    <div
      className={className}
      lang={lang}
      onClick={openModalOnClick(onOpenModal)}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}

/**
 * A post's action link; `#modal:<slug>` opens a post modal instead of leaving the page, so it is a
 * button that looks like a link (an in-page address with no target in the page is no link). A link
 * the link rule refuses (javascript:, data:, `/\\host`, …) is not rendered at all.
 */
export function PostLink({
  href,
  children,
  className,
  onOpenModal,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  onOpenModal?: OpenModal | undefined;
}) {
  const link = normaliseLink(href);
  if (link === null) return null;
  const modal = modalKeyOf(link);
  if (modal !== null && onOpenModal) {
    return (
      <button
        type="button"
        className={`button button--quiet post-action ${className ?? ''}`.trim()}
        aria-haspopup="dialog"
        onClick={() => onOpenModal(modal)}
      >
        {children}
      </button>
    );
  }
  const external = /^https?:\/\//.test(link);
  return (
    <a
      href={link}
      className={className}
      onClick={openModalOnClick(onOpenModal)}
      {...(external ? { rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}
