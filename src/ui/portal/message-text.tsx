import { Fragment, createElement } from 'react';
import type { ReactNode } from 'react';
import type { IntermediateRepresentation, Opts } from 'linkifyjs';
import { isAutoLinkable } from '../../lib/messages.js';
import { useAutoLinker } from '../../lib/rich-text.js';
import { withEnglishParts } from './english-parts.js';

/**
 * An address with line-break chances where a reader expects them (issue 43): after "//", before a
 * single "/", ".", "?", "#", "&", "=", "-", "_", "~" and "%", so a long address wraps between its
 * parts, never inside a host's word.
 */
function withBreaks(address: string): ReactNode[] {
  const parts = address.split(/(?<=\/\/)|(?<!\/)(?=[/.?#&=\-_~%])(?!\/\/)/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

const options: Opts = {
  validate: isAutoLinkable,
  target: '_blank',
  rel: 'noopener noreferrer',
  render: ({ tagName, attributes, content }: IntermediateRepresentation) => {
    const { class: className, ...rest } = attributes;
    // No key here: Linkify gives each link its own (`__linkify-el-<n>`), counted per render.
    return createElement(tagName, { ...rest, className }, withBreaks(content));
  },
};

/**
 * A message's text, never HTML: only addresses starting with http become links (portal.md §5).
 * `lang`: the text's language when the message says it (a publisher's, issue 60); `english`: the
 * parts of a Spanish text that stay English, marked so (issue 87).
 */
export function MessageText({
  text,
  className,
  lang,
  english,
}: {
  text: string;
  className?: string;
  lang?: string | undefined;
  english?: readonly string[] | undefined;
}) {
  const Linkify = useAutoLinker();
  const marked = withEnglishParts(text, english);
  if (!Linkify)
    return (
      <p className={className} lang={lang}>
        {marked}
      </p>
    );
  return (
    <Linkify as="p" className={className} lang={lang} options={options}>
      {marked}
    </Linkify>
  );
}
