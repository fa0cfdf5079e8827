import { spawnSync } from 'node:child_process';
import {
  consoleProblems,
  expect,
  hydrationProblems,
  untilTakenOver,
  test as base,
} from './drawn-page.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';

/**
 * The statecharts inspector (issue 49) in the demo build (`npm run build:demo`, which this file runs
 * first, served from dist/demo-client; `npm run build` makes the server): the Student persona holds
 * the demo right on the demo sign-in page, starts demo mode, and watches the banner machine from the
 * footer's Statecharts control.
 */
const test = base.extend<{ server: FileServer }>({});
let server: FileServer;

test.beforeAll(async () => {
  // The client of a demo deployment, built from the source as it stands (a few seconds).
  test.setTimeout(180_000);
  const build = spawnSync('npm', ['run', 'build:demo'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build:demo failed');
  server = await startFileServer('inspector', { CLIENT_DIR: 'dist/demo-client' });
});
test.afterAll(async () => {
  await server.stop();
});

async function startDemo(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/auth/login?next=%2F`);
  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  await expect(page.getByText('Hello Ana')).toBeVisible();
  await untilTakenOver(page);
  await page.getByRole('button', { name: 'Start Demo' }).click();
  await expect(page.getByText('Hello Demo')).toBeVisible();
}

test("a demo user opens the statecharts from the footer: the banner's hold state marked, the layout machine moving live, a banner path replayed", async ({
  page,
}) => {
  // A long journey: demo mode's start, a live change, a replay, two axe runs.
  test.setTimeout(90_000);
  await startDemo(page);
  const customise = page.getByRole('button', { name: 'Customise', exact: true });
  await expect(customise).toBeVisible();

  await page.getByRole('contentinfo').getByRole('button', { name: 'Statecharts' }).click();
  const panel = page.getByRole('dialog', { name: 'Statecharts' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Statecharts' })).toBeFocused();
  // The running actors, from the portal system: the banner is one of them.
  const actors = panel.getByRole('table').first();
  await expect(actors.getByRole('row', { name: /^banner banner portal/ })).toBeVisible();
  // The page's connection and the app's update are the portal system's too (issue 44's worker).
  await expect(actors.getByRole('row', { name: /^connection connection portal/ })).toBeVisible();
  await expect(actors.getByRole('row', { name: /^appUpdate appUpdate portal/ })).toBeVisible();
  await actors.getByRole('button', { name: 'banner', exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'Diagram: banner (live)' })).toBeVisible();

  // The student has a hold: the chart marks that state (the holds summary says it on the page;
  // issue 43 keeps a student's hold out of the banner lines).
  const marked = panel.locator('.chart [aria-current="true"]');
  await expect(marked.filter({ hasText: /^shown \[hold\]/ })).toHaveCount(1);
  await expect(marked.filter({ hasText: /^dismissed/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The page stays usable beside the panel: Customise is logged and moves the layout's mark.
  await actors.getByRole('button', { name: 'dashboardLayout', exact: true }).click();
  await expect(
    panel.getByRole('heading', { name: 'Diagram: dashboardLayout (live)' }),
  ).toBeVisible();
  await expect(marked.filter({ hasText: /^viewing/ })).toHaveCount(1);
  await customise.click();
  const events = panel.getByRole('region', { name: /^Events/ });
  await expect(
    events.getByRole('cell', { name: 'dashboard.customise', exact: true }),
  ).toBeVisible();
  await expect(marked.filter({ hasText: /^customising/ })).toHaveCount(1);
  await expect(marked.filter({ hasText: /^viewing/ })).toHaveCount(0);
  await actors.getByRole('button', { name: 'banner', exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'Diagram: banner (live)' })).toBeVisible();
  // Payloads are redacted: no name or address of the demo student reaches the log.
  await expect(events).not.toContainText('Demo');
  await expect(events).not.toContainText('@');

  // A path from @xstate/graph replayed on a fresh copy, step by step, the chart following.
  await panel
    .getByRole('button', { name: /^Replay the path to .*alerts\.unavailable$/ })
    .first()
    .click();
  await expect(panel.getByRole('heading', { name: 'Diagram: banner (replay)' })).toBeVisible();
  const replay = panel.getByRole('group', { name: 'Replay' });
  await expect(replay).toContainText(/step 0 of [1-9]/);
  await expect(marked.filter({ hasText: /^unavailable/ })).toHaveCount(0);
  const next = replay.getByRole('button', { name: 'Next step' });
  while (await next.isEnabled()) await next.click();
  await expect(replay).toContainText(/step ([1-9]) of \1/);
  await expect(marked.filter({ hasText: /^unavailable/ })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await replay.getByRole('button', { name: 'Back to live' }).click();
  await expect(panel.getByRole('heading', { name: 'Diagram: banner (live)' })).toBeVisible();
  await panel.getByRole('heading', { name: 'Diagram: banner (live)' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/inspector-1280.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/inspector-1280-dark.png' });
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/inspector-${width}-dark.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: 'test-results/inspector-390.png' });
  await expectNoAxeViolations(page);
});

test('the panel works by keyboard: it opens on the control, takes focus, and Escape gives it back', async ({
  page,
}) => {
  await startDemo(page);
  const control = page.getByRole('contentinfo').getByRole('button', { name: 'Statecharts' });
  await control.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Statecharts' });
  await expect(panel.getByRole('heading', { name: 'Statecharts' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();
  // Tab on to the banner machine and choose it with the keyboard.
  const banner = panel.getByRole('button', { name: 'banner', exact: true });
  for (let i = 0; i < 40 && !(await banner.evaluate((b) => b === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(banner).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('heading', { name: 'Diagram: banner (live)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(control).toBeFocused();
  await expect(control).toHaveAttribute('aria-expanded', 'false');
});

test("a page's own machine is listed while its page runs it and gone once it stops", async ({
  page,
}) => {
  const problems = consoleProblems(page);
  await startDemo(page);
  // Pressed at once, while the app may still be taking the page over: the demo build's app draws
  // what the server drew in demo mode, and a link pressed as it does is followed.
  await page.getByRole('link', { name: 'Account' }).first().click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await untilTakenOver(page);
  expect(hydrationProblems(problems)).toEqual([]);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Statecharts' }).click();
  const actors = page.getByRole('dialog', { name: 'Statecharts' }).getByRole('table').first();
  // The notification settings run contactPreferences: a root actor of the page's own.
  await expect(
    actors.getByRole('row', { name: /^contactPreferences contactPreferences —$/ }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByText('Hello Demo')).toBeVisible();
  await expect(actors.getByRole('row', { name: /^contactPreferences / })).toHaveCount(0);
  await expect(actors.getByRole('row', { name: /^banner banner portal$/ })).toBeVisible();
});

/** Every visible control of the page outside the panel that the panel covers at its centre. */
const coveredControls = (page: Page) =>
  page.evaluate(() => {
    const covered: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex="0"]',
    );
    for (const control of controls) {
      if (control.closest('.inspector') || !control.checkVisibility()) continue;
      control.scrollIntoView({ block: 'start', behavior: 'instant' });
      const r = control.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
      if (document.elementFromPoint(x, y)?.closest('.inspector')) {
        covered.push(control.textContent?.trim() || control.tagName);
      }
    }
    return covered;
  });

/** The look of the portal's own quiet button, from one made for the comparison. */
const quietButtonLook = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('button');
    probe.className = 'button button--quiet';
    document.querySelector('main')?.append(probe);
    const s = getComputedStyle(probe);
    const look = [s.fontFamily, s.borderRadius, s.color, s.backgroundColor, s.borderTopColor];
    probe.remove();
    return look;
  });

for (const width of [390, 1280]) {
  test(`at ${width} px the statecharts inspector panel covers none of the page's controls: docked, resizable and collapsible, its buttons styled as the portal's`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await startDemo(page);
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('contentinfo').getByRole('button', { name: 'Statecharts' }).click();
    const panel = page.getByRole('dialog', { name: 'Statecharts' });
    await expect(panel.getByRole('heading', { name: 'Statecharts' })).toBeFocused();
    await panel.getByRole('button', { name: 'banner', exact: true }).click();
    await expect(panel.getByRole('heading', { name: 'Diagram: banner (live)' })).toBeVisible();
    expect(await coveredControls(page)).toEqual([]);

    // Its buttons look like the portal's.
    const look = await quietButtonLook(page);
    for (const name of ['Close', 'Collapse']) {
      const button = panel.getByRole('button', { name, exact: true });
      expect(
        await button.evaluate((b) => {
          const s = getComputedStyle(b);
          return [s.fontFamily, s.borderRadius, s.color, s.backgroundColor, s.borderTopColor];
        }),
        name,
      ).toEqual(look);
    }
    await expectNoAxeViolations(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: testInfo.outputPath(`inspector-open-${width}-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    if (width >= 1280) {
      // Narrower by its edge's arrow keys; the page makes room for it at each width.
      const edge = panel.getByRole('separator', { name: 'Panel width' });
      const before = Number(await edge.getAttribute('aria-valuenow'));
      await edge.focus();
      for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
      await expect(edge).toHaveAttribute('aria-valuenow', String(before - 96));
      const box = await panel.boundingBox();
      expect(Math.round(box?.width ?? 0)).toBe(before - 96);
      const margin = await page.evaluate(() => getComputedStyle(document.body).marginRight);
      expect(margin).toBe(`${before - 96}px`);
      expect(await coveredControls(page)).toEqual([]);
      // Wider, never so wide that the page's controls go under it (it leaves the page 50rem).
      for (let i = 0; i < 12; i += 1) await page.keyboard.press('ArrowLeft');
      expect(Math.round((await panel.boundingBox())?.width ?? 0)).toBe(width - 800);
      expect(await coveredControls(page)).toEqual([]);
      // And by dragging it.
      const grip = await edge.boundingBox();
      if (!grip) throw new Error('no edge');
      await page.mouse.move(grip.x + grip.width / 2, grip.y + 200);
      await page.mouse.down();
      await page.mouse.move(width - 400, grip.y + 200, { steps: 4 });
      await page.mouse.up();
      await expect(edge).toHaveAttribute('aria-valuenow', '400');
    }

    // Collapsed to its title bar: the page is all free; expanded again, as it was.
    const collapse = panel.getByRole('button', { name: 'Collapse', exact: true });
    await expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await collapse.click();
    const expand = panel.getByRole('button', { name: 'Expand', exact: true });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect(panel.getByRole('heading', { name: 'Diagram: banner (live)' })).toBeHidden();
    expect((await panel.boundingBox())?.height ?? 1000).toBeLessThan(100);
    expect(await coveredControls(page)).toEqual([]);
    await expectNoAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`inspector-collapsed-${width}.png`) });
    await expand.click();
    await expect(panel.getByRole('heading', { name: 'Diagram: banner (live)' })).toBeVisible();
  });
}
