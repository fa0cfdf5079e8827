import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/**
 * Issue 76: focus never rests on `<body>`, even for a moment, and never lands off-screen.
 *
 * `watchFocus` puts a watcher in every document the page loads. Once armed (by the first focus after
 * `armFocusWatch`, so a page's own load, before the person has focused anything, is not counted), it
 * reads `document.activeElement`
 * - at every animation frame (what the screen and the accessibility tree show), and
 * - in a task of its own queued after every `focusout` and after every change to the page (a moment
 *   that outlasts the script whose change took focus away),
 * and records each moment it is `<body>` (or nothing), with what held focus before. A change that
 * takes focus away and places it again in the same task is no moment: no frame, no assistive
 * technology and no other script sees it.
 */

/** One moment focus rested on `<body>`: what held it before, when, and which look saw it. */
export interface BodyMoment {
  after: string;
  at: number;
  seen: string;
}

interface FocusWatch {
  arm: () => void;
  moments: () => BodyMoment[];
}

declare global {
  interface Window {
    __focusWatch?: FocusWatch;
  }
}

/** The watcher, as it runs in the page (no closure: Playwright sends its source). */
export function installFocusWatch() {
  if (window.__focusWatch) return;
  const moments: BodyMoment[] = [];
  let armed = false;
  let arming = false;
  let last = 'nothing';
  const describe = (el: Element) => {
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> ${name}`;
  };
  const look = (seen: string) => {
    if (!armed) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const previous = moments.at(-1);
    // One moment is recorded once, however many looks see it.
    if (previous && previous.after === last && previous.seen !== 'ended') return;
    if (moments.length < 50) moments.push({ after: last, at: Math.round(performance.now()), seen });
  };
  document.addEventListener(
    'focusin',
    (event) => {
      if (arming) {
        armed = true;
        arming = false;
      }
      const previous = moments.at(-1);
      if (previous && previous.seen !== 'ended') {
        moments.push({ after: previous.after, at: Math.round(performance.now()), seen: 'ended' });
      }
      if (event.target instanceof Element) last = describe(event.target);
    },
    true,
  );
  document.addEventListener(
    'focusout',
    () => setTimeout(() => look('a task after focusout')),
    true,
  );
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    setTimeout(() => {
      queued = false;
      look('a task after a change');
    });
  }).observe(document, { subtree: true, childList: true, attributes: true });
  const frame = () => {
    look('a frame');
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  Object.defineProperty(window, '__focusWatch', {
    value: {
      arm: () => {
        if (!armed) arming = true;
      },
      moments: () => moments.filter((m) => m.seen !== 'ended'),
    } satisfies FocusWatch,
  });
}

/** Watches focus in every document `page` loads from now on. */
export async function watchFocus(page: Page) {
  await page.addInitScript(installFocusWatch);
}

/** Counts from the next focus on (idempotent: an armed watcher keeps its record). */
export async function armFocusWatch(page: Page) {
  await page.evaluate(() => window.__focusWatch?.arm());
}

/** Fails on any moment focus rested on `<body>` since the watcher was armed. */
export async function expectFocusNeverOnBody(page: Page) {
  const moments = await page.evaluate(() => window.__focusWatch?.moments() ?? null);
  expect(moments, 'the focus watcher is in the page').not.toBeNull();
  expect(moments, 'moments focus rested on <body>').toEqual([]);
}

/**
 * Where `target` stands against the window: "on screen", or how far out. An element taller than
 * the window is on screen when it covers the window's top.
 */
export const placeOnScreen = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const height = window.innerHeight;
    if (r.height > height) {
      // Its start in the window, or the window inside it.
      const shown = (r.top >= -1 && r.top < height) || (r.top <= 0 && r.bottom >= height);
      return shown ? 'on screen' : `its top ${Math.round(r.top)} px from the window's`;
    }
    // A pixel's rounding is no distance.
    if (r.top < -1) return `${Math.round(-r.top)} px above the window`;
    if (r.bottom > height + 1) return `${Math.round(r.bottom - height)} px below the window`;
    return 'on screen';
  });

/** Fails unless `target` stands inside the window, once the page's own scrolling has run. */
export async function expectOnScreen(target: Locator, timeout = 3_000) {
  await expect.poll(() => placeOnScreen(target), { timeout }).toBe('on screen');
}
