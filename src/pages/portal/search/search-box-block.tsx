import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SearchBox } from '../../../ui/portal/search/search-box.js';
import type { SearchBoxTakingOver } from '../../../ui/portal/search/search-box-slot.js';
import { useSearch } from './use-search.js';
import { isPageOpen, sayInFrame } from '../../shared/say.js';

/**
 * The toolbar's search box, in the place of the field the first screen drew (`SearchBoxSlot`,
 * which also keeps the "/" shortcut): it takes over what was typed there, and the focus.
 */
export function SearchBoxBlock({ inputRef: input, handOver }: SearchBoxTakingOver) {
  const { actor, query, answer, pending, failed, open } = useSearch();
  const navigate = useNavigate();
  const { t } = useLingui();
  useEffect(() => {
    const held = handOver.current;
    handOver.current = null;
    if (!held) return;
    if (held.query !== '') actor.send({ type: 'search.type', query: held.query });
    if (!held.focused) return;
    const el = input.current;
    el?.focus();
    // The caret where typing left it: at the end of what was typed.
    requestAnimationFrame(() => el?.setSelectionRange(el.value.length, el.value.length));
  }, [actor, handOver, input]);
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
