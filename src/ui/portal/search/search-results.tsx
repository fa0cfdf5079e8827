import { Trans, useLingui } from '@lingui/react/macro';
import { ReadFailedText } from '../../read-failed.js';
import './search.css';
import { useEffect, useRef } from 'react';
import type { MouseEvent } from 'react';
import { SEARCH_MAX_WORDS } from '../../../../contract/search.rules.js';
import type {
  SearchAnswer,
  SearchGroup,
  SearchResult,
} from '../../../../contract/search.schema.js';
import type { CampusLink } from '../../../../contract/campus.schema.js';
import { SearchText } from './search-text.js';
import { NewTabNote } from '../../new-tab-note.js';
import type { More } from '../../../lib/more-pages.js';
import { ShowMore } from '../../show-more.js';

export interface SearchResultsProps {
  query: string;
  answer: SearchAnswer | null;
  pending: boolean;
  failed: boolean;
  /** Where to look when nothing is found: the help desk and the like (campus configuration). */
  recovery: readonly CampusLink[];
  onOpen: (result: SearchResult) => void;
  onRetry: () => void;
  /** A group's "Show more" (issue 87): its next page there, being asked for, failed, or none. */
  moreOf?: (group: SearchGroup) => More;
  onMore?: (group: SearchGroup) => void;
}

/** The groups' headings in the reader's language (the server names them in English). */
function useGroupNames(): Record<SearchGroup, string> {
  const { t } = useLingui();
  return {
    sections: t`Portal sections`,
    tools: t`Tools and links`,
    pages: t`Pages and posts`,
    tasks: t`My Next Steps`,
    coursework: t`My coursework`,
    classes: t`My classes this term`,
    messages: t`Messages`,
  };
}

/** A result as a link: another site opens in a new tab; a portal page through the router. */
function ResultLink({
  result,
  onOpen,
}: {
  result: SearchResult;
  onOpen: (r: SearchResult) => void;
}) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey;
    if (!result.external && plain) {
      event.preventDefault();
      onOpen(result);
    }
  };
  return (
    <a
      href={result.href}
      onClick={follow}
      {...(result.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {/* The result's own language (issue 76); the link's hidden note stays the page's. */}
      <span lang={result.lang}>
        <SearchText segments={result.title} />
      </span>
      {result.external && <NewTabNote />}
    </a>
  );
}

/** What the answer says of itself: the server's time ran out, or words were left out. */
function AnswerNotes({ answer }: { answer: SearchAnswer }) {
  const words = SEARCH_MAX_WORDS;
  if (!answer.partial && answer.ignoredWords === 0) return null;
  return (
    <div className="search-results__notes" role="status">
      {answer.partial && (
        <p>
          <Trans>Some results may be missing. Try more specific words.</Trans>
        </p>
      )}
      {answer.ignoredWords > 0 && (
        <p>
          <Trans>Only the first {words} words were searched.</Trans>
        </p>
      )}
    </div>
  );
}

/** The search page's results, by group, with what to try when there are none. */
export function SearchResults({
  query,
  answer,
  pending,
  failed,
  recovery,
  onOpen,
  onRetry,
  moreOf = () => 'none',
  onMore = () => undefined,
}: SearchResultsProps) {
  const { t } = useLingui();
  const groupNames = useGroupNames();
  if (query.trim() === '') {
    return (
      <p className="search-results__hint">
        <Trans>Type what you are looking for: a page, a class, a task, a tool.</Trans>
      </p>
    );
  }
  if (failed) {
    return (
      <div className="search-results__failed" role="alert">
        <ReadFailedText errorText={t`Search is not available right now.`} />
        <button type="button" className="button" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (!answer)
    return (
      <p role="status">
        <Trans>Searching…</Trans>
      </p>
    );
  if (answer.groups.length === 0) {
    return (
      <div className="search-results__none">
        <AnswerNotes answer={answer} />
        <p role="status">
          <Trans>No results for “{query}”.</Trans>
        </p>
        <p>
          <Trans>Check the spelling, try fewer words, or look here:</Trans>
        </p>
        <ul className="search-results__recovery">
          {recovery.map((link) => (
            <li key={link.url}>
              <a
                href={link.url}
                {...(/^https?:/.test(link.url)
                  ? { target: '_blank', rel: 'noopener noreferrer' }
                  : {})}
                lang={link.lang}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="search-results" aria-busy={pending}>
      <AnswerNotes answer={answer} />
      {answer.groups.map((group) => (
        <GroupResults
          // A new query is a new list: its results are not a page added.
          key={`${answer.query}:${group.group}`}
          group={group}
          name={groupNames[group.group]}
          more={moreOf(group.group)}
          onMore={() => onMore(group.group)}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
}

/**
 * One group of the search page's results, and its "Show more" while the group found more (issue
 * 87): the button goes at the group's last page, so focus moves to the first result a page added.
 */
function GroupResults({
  group,
  name,
  more,
  onMore,
  onOpen,
}: {
  group: SearchAnswer['groups'][number];
  name: string;
  more: More;
  onMore: () => void;
  onOpen: (result: SearchResult) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const count = group.results.length;
  const shown = useRef(count);
  useEffect(() => {
    if (count > shown.current) list.current?.querySelectorAll('a').item(shown.current)?.focus();
    shown.current = count;
  }, [count]);
  return (
    <section className="search-results__group" aria-labelledby={`search-${group.group}`}>
      <h2 id={`search-${group.group}`} className="search-results__heading">
        {name}
      </h2>
      <ul ref={list} className="search-results__list">
        {group.results.map((result, i) => (
          <li key={`${result.href}-${i}`} className="search-results__item">
            <ResultLink result={result} onOpen={onOpen} />
            {result.excerpt.length > 0 && (
              <p className="search-results__excerpt" lang={result.lang}>
                {result.excerpt.map((segment, j) =>
                  // A piece in its own language (issue 76): the reader's words in a record's.
                  segment.lang ? (
                    <span key={j} lang={segment.lang}>
                      <SearchText segments={[segment]} />
                    </span>
                  ) : (
                    <SearchText key={j} segments={[segment]} />
                  ),
                )}
              </p>
            )}
          </li>
        ))}
      </ul>
      <ShowMore
        className="search-results__more"
        more={more}
        onMore={onMore}
        words={{
          show: <Trans>Show more: {name}</Trans>,
          loading: <Trans>Loading more: {name}…</Trans>,
          failed: <Trans>More results could not be loaded.</Trans>,
        }}
      />
    </section>
  );
}
