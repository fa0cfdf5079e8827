import type { Opts } from 'linkifyjs';
import { isAutoLinkable } from '../../lib/messages.js';
import { useAutoLinker } from '../../lib/rich-text.js';

const options: Opts = {
  validate: isAutoLinkable,
  target: '_blank',
  rel: 'noopener noreferrer',
};

/** A message's text, never HTML: only addresses starting with http become links (portal.md §5). */
export function MessageText({ text, className }: { text: string; className?: string }) {
  const Linkify = useAutoLinker();
  if (!Linkify) return <p className={className}>{text}</p>;
  return (
    <Linkify as="p" className={className} options={options}>
      {text}
    </Linkify>
  );
}
