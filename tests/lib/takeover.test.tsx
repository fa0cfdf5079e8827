// @vitest-environment jsdom
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TakenOver,
  TAKEOVER_KEY,
  hydratedWhole,
  startHydrating,
  takeOver as takeOverNow,
} from '../../src/lib/takeover.js';
import { drawnHead, forgetDrawnPage, takenOver } from './drawn-page.js';

// What a person does on a page the server drew, before the app has taken it over (issue 75): held
// by public/theme.js and handed to React once the page is hydrated.

/** A small page like the portal's: a controlled field, a controlled choice, a switch and a button. */
function Settings({ saved }: { saved: (what: string) => void }) {
  const [phone, setPhone] = useState('');
  const [language, setLanguage] = useState('en');
  const [texts, setTexts] = useState(false);
  const [by, setBy] = useState('email');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        saved(`${phone} ${language} ${texts ? 'texts' : 'no texts'} by ${by}`);
      }}
    >
      <label>
        Mobile number
        <input
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          // Saved as the field is left, as Account's mobile number is.
          onBlur={() => saved(`left with ${phone}`)}
        />
      </label>
      <select
        aria-label="Language"
        value={language}
        onChange={(event) => setLanguage(event.target.value)}
      >
        <option value="en">English</option>
        <option value="es">Español</option>
      </select>
      <label>
        <input
          type="checkbox"
          checked={texts}
          onChange={(event) => setTexts(event.target.checked)}
        />
        Text me
      </label>
      {['email', 'post'].map((way) => (
        <label key={way}>
          <input
            type="radio"
            name="by"
            value={way}
            checked={by === way}
            onChange={(event) => setBy(event.target.value)}
          />
          {way}
        </label>
      ))}
      <button type="submit">Save</button>
      <output>{`${phone}|${language}|${texts}|${by}`}</output>
    </form>
  );
}

/** A search box whose own handler acts on Enter, as the portal's does. */
function Search({ searched }: { searched: (query: string) => void }) {
  const [query, setQuery] = useState('');
  return (
    <input
      type="search"
      aria-label="Search the portal"
      value={query}
      onChange={(event) => setQuery(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        searched(query);
      }}
    />
  );
}

/** A key pressed in `field`, as the browser sends it. */
const press = (field: HTMLElement, key: string) =>
  field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

let root: Root | undefined;
let container: HTMLElement;

/** The page as the server drew it, with public/theme.js run in its head. */
function drawn(saved: (what: string) => void, drawnFor = '0') {
  drawnHead(drawnFor);
  container = document.createElement('div');
  container.innerHTML = renderToString(<Settings saved={saved} />);
  document.body.append(container);
  return {
    field: container.querySelector('input:not([type])') as HTMLInputElement,
    choice: container.querySelector('select') as HTMLSelectElement,
    toggle: container.querySelector('input[type="checkbox"]') as HTMLInputElement,
    post: container.querySelector('input[value="post"]') as HTMLInputElement,
    save: container.querySelector('button') as HTMLButtonElement,
    shown: () => container.querySelector('output')?.textContent,
  };
}

/** What a person does in the browser: the field's text typed, an option chosen. */
function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
function choose(choice: HTMLSelectElement, value: string) {
  choice.value = value;
  choice.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The app's takeover, as in the browser: hydrated, and its effects run, in tasks of their own. */
function takeOver(saved: (what: string) => void) {
  root = hydrateRoot(
    container,
    <TakenOver>
      <Settings saved={saved} />
    </TakenOver>,
  );
}

/** Whether React has hydrated `element` (its record of it is on it). */
const fiberOn = (element: Element) =>
  Object.keys(element).some((k) => k.startsWith('__reactFiber$'));

afterEach(async () => {
  root?.unmount();
  root = undefined;
  container.remove();
  await forgetDrawnPage();
});

describe('a drawn page before the app takes it over (issue 75)', () => {
  it('what was typed, chosen, ticked and pressed before the takeover reaches the app once it has taken over, in that order', async () => {
    const saves: string[] = [];
    const page = drawn((what) => saves.push(what));
    page.field.focus();
    type(page.field, '5551234567');
    page.choice.focus();
    choose(page.choice, 'es');
    page.toggle.click();
    page.post.click();
    page.save.click();
    // The box and the radio button show the person's choice at once; the press is held, so
    // nothing was sent.
    expect(page.toggle.checked).toBe(true);
    expect(page.post.checked).toBe(true);
    expect(saves).toEqual([]);
    takeOver((what) => saves.push(what));
    const saved = '5551234567 es texts by post';
    await vi.waitFor(() => expect(saves).toEqual(['left with 5551234567', saved]));
    expect(page.shown()).toBe('5551234567|es|true|post');
    // Nothing is handed over twice, and the page is the app's once all is handed over.
    expect(window[TAKEOVER_KEY]).toBeUndefined();
    await vi.waitFor(() => expect(takenOver()).toBe(true));
    page.save.click();
    expect(saves).toEqual(['left with 5551234567', saved, saved]);
  });

  it('a press made while the hand-over is under way waits for the text typed before it', async () => {
    const saves: string[] = [];
    const page = drawn((what) => saves.push(what));
    type(page.field, '5035550142');
    // Hydrated, and the hand-over begun as TakenOver begins it; Save pressed at once, before the
    // typed text has been told to the app.
    root = hydrateRoot(container, <Settings saved={(what) => saves.push(what)} />);
    await vi.waitFor(() => expect(hydratedWhole(container) && fiberOn(page.save)).toBe(true));
    takeOverNow();
    page.save.click();
    await vi.waitFor(() => expect(takenOver()).toBe(true));
    expect(saves).toEqual(['5035550142 en no texts by email']);
  });

  it('a box ticked and unticked again before the takeover is nothing to tell', async () => {
    const saves: string[] = [];
    const page = drawn((what) => saves.push(what));
    page.toggle.click();
    page.toggle.click();
    page.save.click();
    takeOver((what) => saves.push(what));
    await vi.waitFor(() => expect(saves).toEqual([' en no texts by email']));
    expect(page.toggle.checked).toBe(false);
  });

  it('a field still being typed in as the app takes over is not left for the person', async () => {
    const saves: string[] = [];
    const page = drawn((what) => saves.push(what));
    page.field.focus();
    type(page.field, '555');
    takeOver((what) => saves.push(what));
    await vi.waitFor(() => expect(page.shown()).toBe('555|en|false|email'));
    expect(saves).toEqual([]);
    expect(document.activeElement).toBe(page.field);
  });

  it('with nothing done before the takeover, the app takes the page as drawn and nothing is pressed', async () => {
    const saves: string[] = [];
    const page = drawn((what) => saves.push(what));
    takeOver((what) => saves.push(what));
    await vi.waitFor(() => expect(window[TAKEOVER_KEY]).toBeUndefined());
    // Until the hand-over has ended too: one still under way would hold the next test's presses.
    await vi.waitFor(() => expect(takenOver()).toBe(true));
    expect(saves).toEqual([]);
    expect(page.shown()).toBe('|en|false|email');
  });

  it('a page the browser must draw itself (drawn for another width) holds nothing', () => {
    const page = drawn(() => {}, 'stale');
    const pressed = vi.fn();
    container.addEventListener('click', pressed);
    page.save.addEventListener('click', (event) => event.preventDefault()); // jsdom would send it
    page.save.click();
    expect(pressed).toHaveBeenCalledOnce();
    expect(window[TAKEOVER_KEY]).toBeUndefined();
  });

  it('what works without the app is never held: a link, a form with an address of its own (Log out), a disclosure', () => {
    drawn(() => {});
    const extra = document.createElement('div');
    extra.innerHTML = `<a href="#holds">Holds</a>
      <form method="post" action="/auth/logout"><button type="submit">Log out</button></form>
      <details><summary>More</summary></details>`;
    container.append(extra);
    const clicks: Array<{ name: string; prevented: boolean }> = [];
    extra.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      clicks.push({ name: target.textContent ?? '', prevented: event.defaultPrevented });
      event.preventDefault(); // jsdom would navigate or send
    });
    for (const element of extra.querySelectorAll<HTMLElement>('a, button, summary'))
      element.click();
    expect(clicks).toEqual([
      { name: 'Holds', prevented: false },
      { name: 'Log out', prevented: false },
      { name: 'More', prevented: false },
    ]);
  });

  it("a link pressed while React hydrates the page is held and followed by the app's router once it has the page; before hydration starts, and to a place on the page, another site or a new tab, it leads on by itself", async () => {
    /** Links as the router's: followed by the app (`went`), the browser's way prevented. */
    function Links({ went }: { went: (to: string) => void }) {
      const follow = (event: React.MouseEvent<HTMLAnchorElement>) => {
        if (event.ctrlKey) return;
        event.preventDefault();
        went(event.currentTarget.getAttribute('href') ?? '');
      };
      return (
        <nav>
          <a href="/account" onClick={follow}>
            Account
          </a>
          <a href="/finances" onClick={follow}>
            Finances
          </a>
          <a href="#main">Skip to content</a>
          <a href="https://library.example.edu/">Library</a>
        </nav>
      );
    }
    drawnHead();
    container = document.createElement('div');
    container.innerHTML = renderToString(<Links went={() => {}} />);
    document.body.append(container);
    const link = (name: string) =>
      [...container.querySelectorAll('a')].find((a) => a.textContent === name) as HTMLElement;
    const byBrowser: string[] = [];
    container.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      if (!event.defaultPrevented) byBrowser.push(target.textContent ?? '');
      event.preventDefault(); // jsdom would navigate
    });
    // Before hydration starts the page's code may never come: the browser follows the link.
    link('Finances').click();
    expect(byBrowser).toEqual(['Finances']);
    byBrowser.length = 0;

    const went: string[] = [];
    startHydrating();
    link('Account').click();
    link('Skip to content').click();
    link('Library').click();
    link('Finances').dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }),
    );
    expect(byBrowser).toEqual(['Skip to content', 'Library', 'Finances']);
    root = hydrateRoot(
      container,
      <TakenOver>
        <Links went={(to) => went.push(to)} />
      </TakenOver>,
    );
    await vi.waitFor(() => expect(takenOver()).toBe(true));
    expect(went).toEqual(['/account']);
    expect(document.documentElement.hasAttribute('data-hydrating')).toBe(false);
  });

  it('once the browser draws the page itself (main.tsx removes data-drawn), presses go straight to the page', () => {
    const page = drawn(() => {});
    const pressed = vi.fn();
    container.addEventListener('click', pressed);
    page.save.addEventListener('click', (event) => event.preventDefault()); // jsdom would send it
    page.save.click();
    expect(pressed).not.toHaveBeenCalled();
    document.documentElement.removeAttribute('data-drawn');
    page.save.click();
    expect(pressed).toHaveBeenCalledOnce();
    expect(window[TAKEOVER_KEY]).toBeUndefined();
  });

  it('Enter in a search box before the takeover searches for what was typed once the app has taken over', async () => {
    drawnHead();
    container = document.createElement('div');
    const searched: string[] = [];
    container.innerHTML = renderToString(<Search searched={(q) => searched.push(q)} />);
    document.body.append(container);
    const box = container.querySelector('input') as HTMLInputElement;
    type(box, 'biology');
    expect(press(box, 'Enter')).toBe(false);
    root = hydrateRoot(
      container,
      <TakenOver>
        <Search searched={(q) => searched.push(q)} />
      </TakenOver>,
    );
    await vi.waitFor(() => expect(searched).toEqual(['biology']));
  });

  it('Enter in a form’s field before the takeover sends the form once the app has taken over', async () => {
    const saves: string[] = [];
    const page = drawn((what) => saves.push(what));
    type(page.field, '5035550142');
    press(page.field, 'Enter');
    expect(saves).toEqual([]);
    takeOver((what) => saves.push(what));
    await vi.waitFor(() => expect(saves).toEqual(['5035550142 en no texts by email']));
  });

  it('keeps at most 50 things done before the takeover: a page whose scripts are late holds no more', async () => {
    const saves: string[] = [];
    const page = drawn((what) => saves.push(what));
    for (let i = 0; i < 60; i += 1) page.save.click();
    expect(saves).toEqual([]);
    takeOver((what) => saves.push(what));
    // 50 replayed in turn, each a render: seconds on a loaded machine, not the default one.
    await vi.waitFor(() => expect(saves).toHaveLength(50), { timeout: 10_000 });
    // Every one of the 60 was held: none went to the page before the app had it.
    expect(window[TAKEOVER_KEY]).toBeUndefined();
  });
});
