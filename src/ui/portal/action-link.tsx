import { Trans, useLingui } from '@lingui/react/macro';
import { normaliseLink } from '../../../contract/link.rules.js';

/**
 * A message's action link: an outside address opens in a new tab, a portal path in this one. It reads
 * "Open link", not a bare "Open" that could mean the message beside its "Mark read" (issue 43); its
 * name carries the message's title for screen readers ("Open link: Tuition is due"). A link the
 * link rule refuses (`/\\host`, `javascript:`, …) shows none at all.
 */
export function ActionLink({ href, title }: { href: string; title: string }) {
  const { t } = useLingui();
  const link = normaliseLink(href);
  if (link === null) return null;
  const external = /^https?:\/\//i.test(link);
  return (
    <a
      className="message-action"
      href={link}
      aria-label={external ? t`Open link: ${title} (opens in a new tab)` : t`Open link: ${title}`}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <Trans>Open link</Trans>
    </a>
  );
}
