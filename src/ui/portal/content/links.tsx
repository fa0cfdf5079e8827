import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Post } from '../../../../contract/content.schema.js';
import { normaliseLink } from '../../../../contract/link.rules.js';

/** The post's links the link rule accepts, normalised; the others are not rendered. */
const safeLinks = (post: Post) =>
  post.links.flatMap((link) => {
    const url = normaliseLink(link.url);
    return url === null ? [] : [{ ...link, url }];
  });
const external = (url: string) =>
  /^https?:\/\//.test(url) ? { target: '_blank', rel: 'noopener noreferrer' } : {};

/** A resources post: its ordered links with descriptions; on the dashboard, "View more" to Resources. */
export function ResourceList({ post, viewMore = false }: { post: Post; viewMore?: boolean }) {
  return (
    <>
      <ul className="resource-list">
        {safeLinks(post).map((link) => (
          <li key={link.url}>
            <a href={link.url} {...external(link.url)}>
              {link.link_text}
            </a>
            {link.description && <span className="resource-list__note">{link.description}</span>}
          </li>
        ))}
      </ul>
      {viewMore && (
        <Link to="/resources" className="block__more">
          <Trans>
            View more<span className="visually-hidden"> {post.title.toLowerCase()}</span>
          </Trans>
        </Link>
      )}
    </>
  );
}

/** School tools (icon_link posts): a grid of external tools, each with its initial as an icon. */
export function SchoolTools({ post }: { post: Post }) {
  return (
    <ul className="school-tools">
      {safeLinks(post).map((link) => (
        <li key={link.url}>
          <a href={link.url} className="school-tools__link" {...external(link.url)}>
            <span className={`school-tools__icon icon-${link.icon_class}`} aria-hidden="true">
              {link.link_text.slice(0, 1)}
            </span>
            {link.link_text}
            <span className="visually-hidden">
              {' '}
              <Trans>(opens in a new tab)</Trans>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
