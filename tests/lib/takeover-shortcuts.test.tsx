// @vitest-environment jsdom
import { Suspense, useEffect, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TakenOver, hydratedWhole } from '../../src/lib/takeover.js';
import { drawnHead, forgetDrawnPage, takenOver } from './drawn-page.js';

// Keys pressed outside a field on a page the server drew, before the app has taken it over (issue
// 75), and the parts of a page under a Suspense boundary, which React hydrates after the rest.

/** The portal's search box: "/" anywhere focuses it, from a listener its effect adds. */
function SearchBox() {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/') return;
      event.preventDefault();
      box.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return <input ref={box} type="search" aria-label="Search the portal" />;
}

/** A menu button: pressed, it opens; Escape anywhere closes it. */
function Menu() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <button type="button" aria-expanded={open} onClick={() => setOpen(true)}>
      Menu
    </button>
  );
}

/** A page as the portal's router draws one: the frame, and the page under a Suspense boundary. */
const Page = () => (
  <main>
    <Menu />
    <Suspense fallback={null}>
      <section>
        <SearchBox />
      </section>
    </Suspense>
  </main>
);

let root: Root | undefined;
let container: HTMLElement;

/** The page as the server drew it, with public/theme.js run in its head. */
function drawn() {
  drawnHead();
  container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  return {
    box: container.querySelector('input') as HTMLInputElement,
    menu: container.querySelector('button') as HTMLButtonElement,
  };
}

const key = (on: Element, init: KeyboardEventInit) =>
  on.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));

const takeOver = () => {
  root = hydrateRoot(
    container,
    <TakenOver>
      <Page />
    </TakenOver>,
  );
};

afterEach(async () => {
  root?.unmount();
  root = undefined;
  container.remove();
  await forgetDrawnPage();
});

describe('keys before the takeover (public/theme.js)', () => {
  it('"/" pressed on the page before the takeover focuses the search box under the page’s Suspense boundary once the app has it', async () => {
    const page = drawn();
    expect(hydratedWhole(container)).toBe(false);
    expect(key(document.body, { key: '/', code: 'Slash' })).toBe(false);
    takeOver();
    await vi.waitFor(() => expect(takenOver()).toBe(true));
    expect(hydratedWhole(container)).toBe(true);
    expect(document.activeElement).toBe(page.box);
  });

  it('Escape after a menu’s press held closes what the press opened, in that order', async () => {
    const page = drawn();
    page.menu.click();
    expect(key(page.menu, { key: 'Escape' })).toBe(false);
    takeOver();
    await vi.waitFor(() => expect(takenOver()).toBe(true));
    expect(page.menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape with no press held, and the browser’s own keys, are left to the browser', () => {
    const page = drawn();
    expect(key(document.body, { key: 'Escape' })).toBe(true);
    expect(key(document.body, { key: '/', ctrlKey: true })).toBe(true);
    expect(key(page.box, { key: '/' })).toBe(true);
  });
});
