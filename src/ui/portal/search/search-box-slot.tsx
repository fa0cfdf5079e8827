import { Suspense, startTransition, useEffect, useRef, useState } from 'react';
import type { ComponentType, RefObject } from 'react';
import { SearchBoxShell } from './search-box-shell.js';
import type { SearchHandOver } from './search-box-shell.js';
import { isSearchShortcut, readSearchShortcut } from '../../../lib/search-shortcut.js';
import { whenIdle } from '../../../lib/when-idle.js';

/** The search box that takes the field's place: the field's element, and what was done in it. */
export interface SearchBoxTakingOver {
  inputRef: RefObject<HTMLInputElement | null>;
  handOver: RefObject<SearchHandOver | null>;
}

/** Whether a key press is someone typing text, where "/" is a character and not the shortcut. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The toolbar's search box, its code after the first screen (issue 75): the field is drawn at once
 * (`SearchBoxShell`) and the search box (`Box`, loaded lazily), with its machine and list, takes its place when the
 * browser is idle, or at once when the field is focused or typed into; what was typed and the focus
 * go with it. The update is a transition, so the field stays on the page while the code loads.
 * "/" anywhere on the page focuses the field (or the shortcut chosen on Account: Alt + /, or none:
 * WCAG 2.1.4), read at each press.
 */
export function SearchBoxSlot({ Box }: { Box: ComponentType<SearchBoxTakingOver> }) {
  const [live, setLive] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const handOver = useRef<SearchHandOver | null>(null);
  const wake = () => startTransition(() => setLive(true));
  useEffect(() => whenIdle(wake), []);
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
  const shell = <SearchBoxShell inputRef={input} handOver={handOver} onWake={wake} />;
  return (
    <Suspense fallback={shell}>
      {live ? <Box inputRef={input} handOver={handOver} /> : shell}
    </Suspense>
  );
}
