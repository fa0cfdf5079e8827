import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { BannerLine } from '../../lib/banner-rules.js';
import { disclosureAttributes, folding } from '../../lib/disclosure.js';
import { ActionLink } from './action-link.js';
import { withEnglishParts } from './english-parts.js';
import { MessageText } from './message-text.js';
import './messages.css';
import './banner-phone.css';
import { useReadOnly } from '../view-as-context.js';
import { ReadOnlyReason } from '../read-only-reason.js';

/** Lines shown before "Show N more": the banner keeps the first screen for the person's own blocks. */
export const BANNER_LINES_SHOWN = 2;

function LineContent({ line }: { line: BannerLine }) {
  const { t } = useLingui();
  if (line.kind === 'hold') {
    // One compact line: the sentence (portal.md §8, exactly: HOLD_BANNER_TEXT in English) and its
    // link run together.
    return (
      <p className="message-banner__hold">
        {t`There is a hold on your student account that might affect course registration. Please visit the Account page for more information.`}{' '}
        <Link to="/account" hash="holds">
          <Trans>See your holds</Trans>
        </Link>
      </p>
    );
  }
  if (line.kind === 'nudge') {
    return (
      <>
        <p>{t`There is information you need to confirm or update in the message center.`}</p>
        <Link to="/messages">
          <Trans>Open the message center</Trans>
        </Link>
      </>
    );
  }
  const { message } = line;
  return (
    <>
      <p className="message-banner__title" lang={message.lang}>
        {withEnglishParts(message.title, message.english)}
      </p>
      <MessageText text={message.body} lang={message.lang} english={message.english} />
      {message.action_link && <ActionLink href={message.action_link} title={message.title} />}
    </>
  );
}

/**
 * Where focus goes once a dismissed line has left: the line now in its place (the next one), else
 * the one before it, else the banner's heading. Nothing is focused while the line is still there (a
 * dismissal that failed leaves focus on its button).
 */
function useFocusAfterDismiss(lines: readonly BannerLine[]) {
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const dismissed = useRef<{ key: string; index: number } | null>(null);
  useEffect(() => {
    const gone = dismissed.current;
    if (!gone || lines.some((line) => line.key === gone.key)) return;
    dismissed.current = null;
    const items = list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
    const next = items[Math.min(gone.index, items.length - 1)];
    (next ?? heading.current)?.focus();
  }, [lines]);
  return {
    list,
    heading,
    remember: (key: string, index: number) => {
      dismissed.current = { key, index };
    },
  };
}

/**
 * portal.md §2 banner message area: the hold line, the nudge line and up to 5 unread messages
 * (§9), each with its own Dismiss button. Lines past the first two fold behind "Show N more", so
 * every line stays reachable without pushing the page's own blocks out of the first screen. Renders
 * nothing when there is nothing to say, unless the person has just dismissed the last line: the
 * heading then stays to hold focus and say so.
 */
export function MessageBanner({
  lines,
  onDismiss,
}: {
  lines: readonly BannerLine[];
  onDismiss: (line: BannerLine) => void;
}) {
  const [unfolded, setUnfolded] = useState(false);
  const [emptied, setEmptied] = useState(false);
  const focus = useFocusAfterDismiss(lines);
  const { t } = useLingui();
  // Issue 73: support viewing as the student dismisses nothing (the banner says why).
  const readOnly = useReadOnly();
  // The line's own sentence in the reader's language; a message's title as its sender wrote it.
  const dismissLabel = (line: BannerLine) => {
    const text =
      line.kind === 'hold'
        ? t`There is a hold on your student account that might affect course registration. Please visit the Account page for more information.`
        : line.kind === 'nudge'
          ? t`There is information you need to confirm or update in the message center.`
          : line.message.title;
    return t`Dismiss: ${text}`;
  };
  const ids = useId();
  if (lines.length === 0 && !emptied) return null;
  const fold = folding(lines.length, BANNER_LINES_SHOWN, unfolded);
  return (
    <section className="message-banner" aria-labelledby={`${ids}-heading`}>
      <h2
        id={`${ids}-heading`}
        ref={focus.heading}
        tabIndex={-1}
        className={`message-banner__heading${lines.length > 0 ? ' message-banner__heading--quiet' : ''}`}
      >
        <Trans>Messages for you</Trans>
      </h2>
      {lines.length === 0 && (
        <p className="message-banner__done">
          <Trans>Nothing more for you here.</Trans>
        </p>
      )}
      {readOnly && (
        <p className="message-banner__read-only">
          <ReadOnlyReason readOnly="view-as" />
        </p>
      )}
      <ul className="message-banner__list" id={`${ids}-list`} ref={focus.list}>
        {lines.map((line, index) => (
          <li
            key={line.key}
            tabIndex={-1}
            hidden={fold.hidden(index)}
            className={`message-banner__line message-banner__line--${line.kind}`}
          >
            <div className="message-banner__text">
              <LineContent line={line} />
            </div>
            <button
              type="button"
              className="message-banner__dismiss"
              aria-label={dismissLabel(line)}
              disabled={readOnly}
              onClick={() => {
                focus.remember(line.key, index);
                if (lines.length === 1) setEmptied(true);
                onDismiss(line);
              }}
            >
              <Trans>Dismiss</Trans>
            </button>
          </li>
        ))}
      </ul>
      {fold.folds && (
        <button
          type="button"
          className="message-banner__more"
          {...disclosureAttributes(unfolded, `${ids}-list`).button}
          onClick={() => setUnfolded(!unfolded)}
        >
          {unfolded
            ? t`Show fewer`
            : plural(fold.folded, { one: 'Show # more', other: 'Show # more' })}
        </button>
      )}
    </section>
  );
}
