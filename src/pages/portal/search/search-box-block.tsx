import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { SearchBox } from '../../../ui/portal/search/search-box.js';
import { useSearch } from './use-search.js';

/** Whether a key press is someone typing text, where "/" is a character and not the shortcut. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** The toolbar's search box: "/" anywhere on the page focuses it. */
export function SearchBoxBlock() {
  const { actor, query, answer, pending, failed, open } = useSearch();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
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
