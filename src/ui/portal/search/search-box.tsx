import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import './search.css';
import { useEffect, useId, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import type { SearchAnswer, SearchResult } from '../../../../contract/search.schema.js';
import { SearchText } from './search-text.js';

export interface SearchBoxProps {
  query: string;
  answer: SearchAnswer | null;
  pending: boolean;
  failed: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  onType: (query: string) => void;
  /** Opens a result (Enter on it, or a click). */
  onOpen: (result: SearchResult) => void;
  /** Shows every result on the search page (Enter with no result chosen). */
  onShowAll: (query: string) => void;
}

/**
 * The search box of every portal page's toolbar: a combobox (ARIA 1.2, list autocomplete) whose
 * listbox groups results by kind. Down and Up move through the results, Enter opens the one chosen
 * (or the search page when none is), Escape closes the list, then clears the box.
 */
export function SearchBox({
  query,
  answer,
  pending,
  failed,
  inputRef,
  onType,
  onOpen,
  onShowAll,
}: SearchBoxProps) {
  const { t } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const results = answer?.groups.flatMap((g) => g.results) ?? [];
  // Issue 87: a group found more than the box shows; the last option opens them all.
  const seeAll = answer?.groups.some((g) => g.more === true) === true;
  const options = results.length + (seeAll ? 1 : 0);
  const optionId = (i: number) => `${id}-option-${i}`;
  const expanded = open && query.trim() !== '' && answer !== null;
  const count = results.length;
  const status = failed
    ? t`Search is not available right now.`
    : pending
      ? t`Searching…`
      : answer && answer.groups.length === 0
        ? t`No results for “${query}”.`
        : answer
          ? plural(count, { one: '# result.', other: '# results.' })
          : '';

  // The chosen option stays in view as the arrow keys move through a list longer than its box.
  useEffect(() => {
    if (expanded && active >= 0)
      document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [expanded, active, id]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options === 0) return;
      event.preventDefault();
      setOpen(true);
      const last = options - 1;
      setActive((i) =>
        event.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1,
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = expanded ? results[active] : undefined;
      if (chosen) onOpen(chosen);
      else if (query.trim() !== '') onShowAll(query);
      setOpen(false);
    } else if (event.key === 'Escape') {
      // A search input clears itself on Escape: the first Escape only closes the list.
      event.preventDefault();
      if (expanded) setOpen(false);
      else onType('');
      setActive(-1);
    }
  };

  let index = -1;
  return (
    <div className="search-box" role="search">
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        <Trans>Search the portal</Trans>
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className="search-box__input"
        type="search"
        role="combobox"
        placeholder={t`Search`}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="/"
        value={query}
        onChange={(e) => {
          onType(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <div
        id={`${id}-list`}
        className="search-box__list"
        role="listbox"
        aria-label={t`Search results`}
        hidden={!expanded}
      >
        {answer?.groups.map((group) => (
          <div key={group.group} role="group" aria-labelledby={`${id}-${group.group}`}>
            <div id={`${id}-${group.group}`} className="search-box__group" role="presentation">
              {group.label}
            </div>
            {group.results.map((result) => {
              index += 1;
              const i = index;
              return (
                <div
                  key={optionId(i)}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className="search-box__option"
                  // Pointer down would blur the box and close the list before the click lands.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onOpen(result)}
                >
                  <span className="search-box__title">
                    <SearchText segments={result.title} />
                  </span>
                  {result.excerpt.length > 0 && (
                    <span className="search-box__excerpt">
                      <SearchText segments={result.excerpt} />
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        ))}
        {seeAll && (
          <div
            id={optionId(results.length)}
            role="option"
            aria-selected={active === results.length}
            className="search-box__option search-box__all"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              onShowAll(query);
              setOpen(false);
            }}
          >
            <Trans>See all results</Trans>
          </div>
        )}
        {answer && answer.groups.length === 0 && (
          <div className="search-box__empty" role="presentation">
            <Trans>No results. Press Enter for help finding it.</Trans>
          </div>
        )}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {expanded || failed ? status : ''}
      </div>
    </div>
  );
}
