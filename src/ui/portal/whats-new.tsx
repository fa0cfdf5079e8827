import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Post } from '../../../contract/content.schema.js';
import { BlogTeaser } from './content/blog.js';
import { SectionState } from './section-status.js';
import type { SectionStatusValue } from './section-status.js';

/**
 * Here's What's New (portal.md §2, §9): the newest blog post if it was published within the last
 * 60 days, and a link to the page whats-new. With no recent post the block does not show.
 */
export function WhatsNew({
  status,
  post,
  date,
  onRetry,
}: {
  status: SectionStatusValue;
  post: Post | null;
  date: string | null;
  onRetry: () => void;
}) {
  if (status === 'empty') return null;
  return (
    <section className="block" aria-labelledby="whats-new-heading" data-testid="block-whats-new">
      <h2 id="whats-new-heading" className="block__title">
        <Trans>Here&apos;s What&apos;s New</Trans>
      </h2>
      <SectionState status={status} onRetry={onRetry} />
      {status === 'loaded' && post && <BlogTeaser post={post} date={date} level={3} />}
      <Link to="/$" params={{ _splat: 'whats-new' }} className="block__more">
        <Trans>See all news</Trans>
      </Link>
    </section>
  );
}
