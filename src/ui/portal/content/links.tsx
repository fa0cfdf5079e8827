import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Post } from '../../../../contract/content.schema.js';
import { normaliseLink } from '../../../../contract/link.rules.js';
import { RECORDS_LANG, RecordText, useRecordName } from '../../record-text.js';
import { NewTabNote } from '../../new-tab-note.js';

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
            {/* A link's words are the publisher's English (the campus may name a tool). */}
            <a href={link.url} {...external(link.url)}>
              <RecordText>{link.link_text}</RecordText>
            </a>
            {link.description && (
              <span className="resource-list__note" lang={RECORDS_LANG}>
                {link.description}
              </span>
            )}
          </li>
        ))}
      </ul>
      {viewMore && (
        <Link to="/resources" className="block__more">
          <Trans>
            View more
            <span className="visually-hidden" lang={post.lang}>
              {' '}
              {post.title.toLowerCase()}
            </span>
          </Trans>
        </Link>
      )}
    </>
  );
}

/** School tools (icon_link posts): a grid of external tools, each with its initial as an icon. */
export function SchoolTools({ post }: { post: Post }) {
  const nameOf = useRecordName();
  return (
    <ul className="school-tools">
      {safeLinks(post).map((link) => {
        const name = nameOf(link.link_text);
        return (
          <li key={link.url}>
            <a href={link.url} className="school-tools__link" {...external(link.url)}>
              <span className={`school-tools__icon icon-${link.icon_class}`} aria-hidden="true">
                {name.text.slice(0, 1)}
              </span>
              <span lang={name.lang}>{name.text}</span>
              <NewTabNote />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
