// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { WIDTH_CLASS_FROM } from '../../contract/first-answers.rules.js';
import { SCRIPTS_AFTER_PAINT_ID } from '../../contract/server-render.js';
import {
  INSTALL_OFFER_ATTRIBUTE,
  INSTALL_OFFER_KEY,
  keptOffer,
} from '../../src/lib/install-offer.js';
import { fakeOffer } from '../lib/install-offer-fixtures.js';

// The pre-paint script: the theme, and the browser's install offer caught before the app runs.
const source = readFileSync(path.join(import.meta.dirname, '../../public/theme.js'), 'utf8');

describe('public/theme.js and the browser’s install offer (issue 44)', () => {
  afterEach(() => {
    window[INSTALL_OFFER_KEY] = undefined;
    document.documentElement.removeAttribute(INSTALL_OFFER_ATTRIBUTE);
  });

  it('never prompts unasked: the offer is cancelled, kept for the app under its one key and marked on <html>', () => {
    runInNewContext(source, { window, document });
    const { event } = fakeOffer('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(keptOffer()).toBe(event);
    expect(document.documentElement.hasAttribute(INSTALL_OFFER_ATTRIBUTE)).toBe(true);
  });

  it('once the browser says the portal is installed, the offer is forgotten and the mark removed', () => {
    runInNewContext(source, { window, document });
    window.dispatchEvent(fakeOffer('accepted').event);
    window.dispatchEvent(new Event('appinstalled'));
    expect(keptOffer()).toBeNull();
    expect(document.documentElement.hasAttribute(INSTALL_OFFER_ATTRIBUTE)).toBe(false);
  });

  it('still sets the chosen theme before the first paint', () => {
    window.localStorage.setItem('campus-portal.theme', 'dark');
    runInNewContext(source, { window, document });
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    window.localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });
});

describe('public/theme.js tells the server the width of the screen (issue 75)', () => {
  /** A window `width` px wide, as its media queries answer. */
  const atWidth = (width: number) => {
    window.matchMedia = ((query: string) => ({
      matches: width >= Number(/min-width: (\d+)px/.exec(query)?.[1] ?? Infinity),
    })) as unknown as typeof window.matchMedia;
  };
  afterEach(() => {
    document.cookie = 'portal_wide=; max-age=0; path=/';
    document.documentElement.removeAttribute('data-drawn');
  });

  it('as the class whose least width the contract names: 0 below 1024 px, 1 from 1024, 2 from 1200', () => {
    const widths = [320, 1023, 1024, 1199, 1200, 1920];
    const told = widths.map((width) => {
      atWidth(width);
      runInNewContext(source, { window, document });
      return /portal_wide=(\d)/.exec(document.cookie)?.[1];
    });
    const expected = widths.map((width) =>
      String(WIDTH_CLASS_FROM.findLastIndex((from) => width >= from)),
    );
    expect(told).toEqual(expected);
    expect(told).toEqual(['0', '0', '1', '1', '2', '2']);
  });

  it('marks a page drawn for another class stale before its first paint, and leaves one drawn for its own', () => {
    atWidth(1100);
    document.documentElement.setAttribute('data-drawn', '2');
    runInNewContext(source, { window, document });
    expect(document.documentElement.getAttribute('data-drawn')).toBe('stale');
    document.documentElement.setAttribute('data-drawn', '1');
    runInNewContext(source, { window, document });
    expect(document.documentElement.getAttribute('data-drawn')).toBe('1');
  });
});

describe('public/theme.js asks for a drawn page’s scripts once it has painted (issue 75)', () => {
  const hold = () => {
    // A phone's width: a page drawn for class 0 is its own.
    window.matchMedia = (() => ({ matches: false })) as unknown as typeof window.matchMedia;
    document.head.innerHTML = `<template id="${SCRIPTS_AFTER_PAINT_ID}">
      <script type="module" crossorigin src="/assets/portal.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor.js">
    </template>`;
  };
  const asked = () =>
    [...document.head.querySelectorAll('script, link')].map((element) =>
      element instanceof HTMLScriptElement
        ? `${element.type} ${new URL(element.src).pathname} ${element.crossOrigin}`
        : `${element.getAttribute('rel')} ${element.getAttribute('href')} ${element.getAttribute('crossorigin')}`,
    );
  const nextFrame = () =>
    new Promise((resolve) => window.requestAnimationFrame(() => setTimeout(resolve, 0)));
  afterEach(() => {
    document.head.innerHTML = '';
    document.documentElement.removeAttribute('data-drawn');
  });

  it('none before the first frame; after it, the module script and its preloads as the server held them', async () => {
    hold();
    document.documentElement.setAttribute('data-drawn', '0');
    runInNewContext(source, { window, document });
    expect(asked()).toEqual([]);
    await nextFrame();
    expect(asked()).toEqual(['module /assets/portal.js ', 'modulepreload /assets/vendor.js ']);
    expect(document.getElementById(SCRIPTS_AFTER_PAINT_ID)).toBeNull();
  });

  it('at once on a page drawn for another width, which the browser draws itself', () => {
    hold();
    document.documentElement.setAttribute('data-drawn', '2');
    runInNewContext(source, { window, document });
    expect(document.documentElement.getAttribute('data-drawn')).toBe('stale');
    expect(asked()).toHaveLength(2);
  });

  it('never before the document is parsed: the app reads the drawn page’s block at its foot', async () => {
    hold();
    document.documentElement.setAttribute('data-drawn', '0');
    let state = 'loading';
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
    try {
      runInNewContext(source, { window, document });
      await nextFrame();
      expect(asked()).toEqual([]);
      state = 'interactive';
      document.dispatchEvent(new Event('DOMContentLoaded'));
      expect(asked()).toHaveLength(2);
    } finally {
      Reflect.deleteProperty(document, 'readyState');
    }
  });
});
