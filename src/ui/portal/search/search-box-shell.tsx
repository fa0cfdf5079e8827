import { Trans, useLingui } from '@lingui/react/macro';
import './search.css';
import { useId, useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** What the box held when the search box took its place: what was typed, and whether it had focus. */
export interface SearchHandOver {
  query: string;
  focused: boolean;
}

/**
 * The toolbar's search box before its code has loaded (issue 75: the search box after the first
 * screen): the same label and field, drawn by the server and kept by the first route. What is
 * typed into it, and its focus, go to the search box when it takes its place (`handOver`); a focus
 * or typing asks for the search box at once (`onWake`).
 */
export function SearchBoxShell({
  inputRef,
  handOver,
  onWake,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  handOver: RefObject<SearchHandOver | null>;
  onWake: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const field = useRef<HTMLInputElement | null>(null);
  // Read as the field leaves the page (a layout effect's cleanup runs before it is removed).
  useLayoutEffect(
    () => () => {
      const el = field.current;
      if (el) handOver.current = { query: el.value, focused: document.activeElement === el };
    },
    [handOver],
  );
  return (
    <div className="search-box" role="search">
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        <Trans>Search the portal</Trans>
      </label>
      <input
        ref={(el) => {
          field.current = el;
          inputRef.current = el;
        }}
        id={`${id}-input`}
        className="search-box__input"
        type="search"
        placeholder={t`Search`}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        aria-keyshortcuts="/"
        onFocus={onWake}
        onInput={onWake}
      />
    </div>
  );
}
