import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { expect, test } from './drawn-page.js';

/** The widths every page is looked at: the narrowest phone, a common one, a laptop. */
const WIDTHS = [320, 390, 1280] as const;

/** Every width and theme of the open page, checked with axe; screenshots in the output folder. */
export async function checkEverywhere(page: Page, name: string, focus?: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
      // What reaches past the screen's right edge, named (nothing, when the page fits).
      const wider = await page.evaluate(() => {
        const edge = document.documentElement.clientWidth + 1;
        const past = (e: Element) => e.getBoundingClientRect().right > edge;
        return [...document.querySelectorAll('body *')]
          .filter((e) => past(e) && ![...e.children].some(past))
          .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${e.textContent?.slice(0, 40)}`);
      });
      expect(wider, `${name} at ${width} px is no wider than the screen`).toEqual([]);
      const path = test.info().outputPath(`${name}-${width}-${scheme}.png`);
      if (focus) await page.locator(focus).screenshot({ path });
      else await page.screenshot({ path, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}
