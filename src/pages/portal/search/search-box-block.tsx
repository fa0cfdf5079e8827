import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { SearchBox } from '../../../ui/portal/search/search-box.js';
import { useSearch } from './use-search.js';
import { isPageOpen, sayInFrame } from '../../shared/say.js';
import { isSearchShortcut, readSearchShortcut } from '../../../lib/search-shortcut.js';

/** Whether a key press is someone typing text, where "/" is a character and not the shortcut. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The toolbar's search box: "/" anywhere on the page focuses it, or the shortcut chosen on Account
 * (Alt + /, or none: WCAG 2.1.4), read at each press.
 */
export function SearchBoxBlock() {
  const { actor, query, answer, pending, failed, open } = useSearch();
  const navigate = useNavigate();
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event, readSearchShortcut(window.localStorage))) return;
      if (isTyping(event.target) && !event.altKey) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <SearchBox
      query={query}
      answer={answer}
      pending={pending}
      failed={failed}
      inputRef={input}
      onType={(q) => actor.send({ type: 'search.type', query: q })}
      onOpen={(result) => {
        actor.send({ type: 'search.clear' });
        if (!result.external && isPageOpen(result.href, window.location)) {
          // The page already open: focus stays in the box, and the person is told (issue 57).
          const title = result.title.map((segment) => segment.text).join('');
          input.current?.focus();
          sayInFrame(t`${title}: you’re already on this page.`);
          if (new URL(result.href, window.location.origin).hash) open(result);
          return;
        }
        input.current?.blur();
        open(result);
      }}
      onShowAll={(q) => {
        input.current?.blur();
        void navigate({ to: '/search', search: { q } });
      }}
    />
  );
}
