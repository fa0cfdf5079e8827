import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { signInAs } from './sign-in.js';

/**
 * Issue 43, WCAG 2.2 1.4.11: the focus ring stands out at 3:1 or more from every background it
 * meets, in both themes. Every focusable element of a page is focused as the keyboard would (so
 * `:focus-visible` applies) and its ring's two colours are read from the computed style and compared
 * with the first opaque background behind it.
 */

interface Measure {
  what: string;
  background: string;
  /** The better of ring and halo against the background: the one the eye finds. */
  best: number;
  ring: number;
  halo: number;
}

async function measureRings(page: Page): Promise<Measure[]> {
  // Focus by keyboard once, so focusing by script afterwards still shows the keyboard's ring.
  await page.keyboard.press('Shift+Tab');
  return page.evaluate(() => {
    const parse = (colour: string) => {
      const m = /rgba?\(([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+))?/.exec(colour);
      return m
        ? { rgb: [m[1], m[2], m[3]].map(Number), alpha: m[4] === undefined ? 1 : Number(m[4]) }
        : null;
    };
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: number[], b: number[]) => {
      const [x, y] = [luminance(a), luminance(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    const backgroundBehind = (el: Element) => {
      for (let at = el.parentElement; at; at = at.parentElement) {
        const bg = parse(getComputedStyle(at).backgroundColor);
        if (bg && bg.alpha > 0.5) return bg.rgb;
      }
      return (
        parse(getComputedStyle(document.documentElement).backgroundColor)?.rgb ?? [255, 255, 255]
      );
    };
    const out: Measure[] = [];
    const focusable = document.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, [tabindex="0"]',
    );
    for (const el of focusable) {
      if (!el.checkVisibility()) continue;
      el.focus({ preventScroll: true });
      if (document.activeElement !== el) continue;
      const style = getComputedStyle(el);
      const ring = parse(style.outlineColor);
      const halo = parse(/rgba?\([^)]*\)/.exec(style.boxShadow)?.[0] ?? '');
      if (!ring || style.outlineStyle === 'none' || !halo) {
        out.push({ what: el.outerHTML.slice(0, 80), background: '', best: 0, ring: 0, halo: 0 });
        continue;
      }
      const bg = backgroundBehind(el);
      const r = ratio(ring.rgb, bg);
      const h = ratio(halo.rgb, bg);
      out.push({
        what: el.outerHTML.slice(0, 80),
        background: `rgb(${bg.join(', ')})`,
        best: Math.max(r, h),
        ring: r,
        halo: h,
      });
    }
    return out;
  });
}

const PAGES = ['/', '/academics', '/messages', '/account', '/next-steps/task'];

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test(`in the ${scheme} theme at ${width} px every focus ring stands out from its background at 3:1 or more`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await signInAs(page, 'Student', '/');
      const all: Measure[] = [];
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        all.push(...(await measureRings(page)));
      }
      expect(all.length).toBeGreaterThan(20);
      const faint = all.filter((m) => m.best < 3);
      expect(faint).toEqual([]);
      const backgrounds = new Map<string, Measure>();
      for (const m of all) backgrounds.set(m.background, m);
      console.log(
        `${scheme} ${width}px: ${all.length} rings, lowest ${Math.min(...all.map((m) => m.best)).toFixed(2)}:1; ` +
          [...backgrounds.values()]
            .map((m) => `${m.background} ring ${m.ring.toFixed(2)} halo ${m.halo.toFixed(2)}`)
            .join('; '),
      );
    });
  }
}
