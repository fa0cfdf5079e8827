import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { codeSnifferErrors } from './codesniffer.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 43: zero axe-core violations and zero HTML_CodeSniffer (WCAG2AA) errors on every page, for
 * the four personas, at 320, 390 and 1280 px, in the light and the dark theme. Each test is one
 * persona at one width in one theme and visits every page that persona may open; it fails with the
 * list of what each checker found, page by page.
 */

const PORTAL = [
  '/',
  '/academics',
  '/messages',
  '/account',
  '/finances',
  '/community',
  '/resources',
];
const SEARCH = '/search?q=advising';
const NEXT_STEPS = [
  '/next-steps/task',
  '/next-steps/task/1',
  '/next-steps/preferences',
  '/next-steps/affiliations',
];
const ADMIN = [
  '/admin',
  '/admin/tasks',
  '/admin/choices',
  '/admin/messages',
  '/admin/posts',
  '/admin/pages',
];

const PERSONAS: Record<string, string[]> = {
  Student: [...PORTAL, SEARCH, ...NEXT_STEPS],
  'New student': [...PORTAL, ...NEXT_STEPS],
  Faculty: [...PORTAL, '/next-steps/task'],
  Staff: [...PORTAL, '/next-steps/task', ...ADMIN],
};

/** Waits for the page to have settled: its heading shown and its reads answered. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

async function findings(page: Page) {
  const axe = await axeViolations(page, { wcag22: true });
  const sniffer = await codeSnifferErrors(page);
  return {
    axe: axe.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.html ?? ''}`),
    sniffer: sniffer.map((e) => `${e.code}: ${e.element}`),
  };
}

for (const [persona, paths] of Object.entries(PERSONAS)) {
  for (const width of [320, 390, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`${persona} at ${width} px in the ${scheme} theme: no axe violation and no HTML_CodeSniffer error on any page`, async ({
        page,
      }) => {
        test.setTimeout(paths.length * 20_000);
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await signInAs(page, persona, '/');
        await settle(page);
        const found: Record<string, { axe: string[]; sniffer: string[] }> = {};
        for (const path of paths) {
          await page.goto(path);
          await settle(page);
          const f = await findings(page);
          if (f.axe.length > 0 || f.sniffer.length > 0) found[path] = f;
        }
        const count = (k: 'axe' | 'sniffer') =>
          Object.values(found).reduce((n, f) => n + f[k].length, 0);
        console.log(
          `${persona} ${width}px ${scheme}: ${paths.length} pages, axe ${count('axe')}, HTML_CodeSniffer ${count('sniffer')}`,
        );
        expect(found).toEqual({});
      });
    }
  }
}

test('the HTML_CodeSniffer runner reports an error where there is one', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Bad</title></head><body><main><a href="#nowhere">Go</a><img src="data:,"><a href="/x"><img src="data:," alt=""></a></main></body></html>',
  );
  const codes = (await codeSnifferErrors(page)).map((e) => e.code);
  expect(codes.some((c) => c.includes('H37'))).toBe(true);
  expect(codes.some((c) => c.includes('H30'))).toBe(true);
  expect(codes.some((c) => c.includes('NoSuchID'))).toBe(true);
});

test('the axe runner, gathering violations only, still reports each violation with its nodes', async ({
  page,
}) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Bad</title></head><body><main><img src="data:,"><img src="data:,"><button></button></main></body></html>',
  );
  const found = Object.fromEntries((await axeViolations(page)).map((v) => [v.id, v.nodes.length]));
  expect(found).toMatchObject({ 'image-alt': 2, 'button-name': 1 });
});
