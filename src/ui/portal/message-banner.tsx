import { Link } from '@tanstack/react-router';
import type { BannerLine } from '../../lib/banner-rules.js';
import { ActionLink } from './action-link.js';
import { MessageText } from './message-text.js';
import './messages.css';

const nameOf = (line: BannerLine) => ('text' in line ? line.text : line.message.title);

function LineContent({ line }: { line: BannerLine }) {
  if (line.kind === 'hold') {
    return (
      <>
        <p>{line.text}</p>
        <Link to="/account" hash="holds">
          See your holds
        </Link>
      </>
    );
  }
  if (line.kind === 'nudge') {
    return (
      <>
        <p>{line.text}</p>
        <Link to="/messages">Open the message center</Link>
      </>
    );
  }
  const { message } = line;
  return (
    <>
      <p className="message-banner__title">{message.title}</p>
      <MessageText text={message.body} />
      {message.action_link && <ActionLink href={message.action_link} title={message.title} />}
    </>
  );
}

/**
 * portal.md §2 banner message area: the hold line, the nudge line and up to 5 unread messages, each
 * with its own Dismiss button. Renders nothing when there is nothing to say.
 */
export function MessageBanner({
  lines,
  onDismiss,
}: {
  lines: readonly BannerLine[];
  onDismiss: (line: BannerLine) => void;
}) {
  if (lines.length === 0) return null;
  return (
    <section className="message-banner" aria-label="Messages for you">
      <ul className="message-banner__list">
        {lines.map((line) => (
          <li key={line.key} className={`message-banner__line message-banner__line--${line.kind}`}>
            <div className="message-banner__text">
              <LineContent line={line} />
            </div>
            <button
              type="button"
              className="message-banner__dismiss"
              aria-label={`Dismiss: ${nameOf(line)}`}
              onClick={() => onDismiss(line)}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
