import { expect, test } from './drawn-page.js';
import type { Browser, Page } from '@playwright/test';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';

/**
 * WCAG 2.4.7 Focus Visible while support views as a student (issue 87): on Account and Next Steps,
 * with the view-as bar on screen, every control the keyboard reaches — the bar's End first, then the
 * page's — shows a focus ring (`:focus-visible`, an outline drawn, not `none`) standing out at 3:1 or
 * more from the background behind it, at 390 and 1280 px, light and dark. The disabled controls are
 * not reached; those kept focusable (`aria-disabled`) are.
 */
let server: FileServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startFileServer('view-as-focus-visible', { SUPERUSER_GROUPS: 'portal-staff' });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(browser: Browser, persona: string, next: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/auth/login?next=${encodeURIComponent(next)}`);
  await page.locator(`button[name="persona"][value="${persona}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`));
  return page;
}

/** The focused element's ring: whether it is drawn, and its contrast with what is behind it. */
const ringOfFocused = (page: Page) =>
  page.evaluate(() => {
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
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    let background = [255, 255, 255];
    for (let at = el.parentElement; at; at = at.parentElement) {
      const bg = parse(getComputedStyle(at).backgroundColor);
      if (bg && bg.alpha > 0.5) {
        background = bg.rgb;
        break;
      }
    }
    const style = getComputedStyle(el);
    const ring = parse(style.outlineColor);
    const halo = parse(/rgba?\([^)]*\)/.exec(style.boxShadow)?.[0] ?? '');
    const drawn = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const contrast = Math.max(
      ring && drawn ? ratio(ring.rgb, background) : 0,
      halo ? ratio(halo.rgb, background) : 0,
    );
    return {
      what: `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || el.id}`,
      inBar: el.closest('.view-as-bar') !== null,
      focusVisible: el.matches(':focus-visible'),
      drawn,
      contrast,
    };
  });

for (const width of [390, 1280]) {
  test(`WCAG 2.4.7 while viewing as a student at ${width} px: every control the keyboard reaches on Account and Next Steps, the bar's End first, shows a ring at 3:1 or more, light and dark`, async ({
    browser,
  }) => {
    test.slow();
    const student = await signedIn(browser, 'student', '/', 1280);
    await student.context().close();
    const staff = await signedIn(browser, 'staff', '/admin/view-as', width);
    await staff.goto(`${server.url}/admin/view-as?person=avalencia`);
    await staff.getByLabel('Reason (required)').fill('Checking what she sees');
    await staff.getByRole('button', { name: 'Start' }).click();
    await expect(staff).toHaveURL(`${server.url}/`);
    for (const scheme of ['light', 'dark'] as const) {
      await staff.emulateMedia({ colorScheme: scheme });
      for (const path of ['/account', '/next-steps/task']) {
        await staff.goto(`${server.url}${path}`);
        await expect(staff.getByRole('region', { name: 'View as' })).toBeVisible();
        await expect(staff.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await staff.evaluate(() => window.scrollTo(0, 0));
        await staff.locator('body').focus();
        const seen: string[] = [];
        for (let step = 0; step < 25; step += 1) {
          await staff.keyboard.press('Tab');
          const ring = await ringOfFocused(staff);
          if (!ring) continue;
          if (step === 0) expect(ring.inBar, `the first Tab stop is the bar's End`).toBe(true);
          seen.push(ring.what);
          const where = `${ring.what} on ${path}, ${scheme}, ${width} px`;
          expect(ring.focusVisible, `${where} matches :focus-visible`).toBe(true);
          expect(ring.drawn, `${where} draws its ring`).toBe(true);
          expect(ring.contrast, `${where}: its ring against its background`).toBeGreaterThanOrEqual(
            3,
          );
        }
        expect(seen.length, `Tab stops on ${path}`).toBeGreaterThanOrEqual(10);
      }
    }
    await staff.context().close();
  });
}
