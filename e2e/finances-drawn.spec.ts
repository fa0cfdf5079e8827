import type { Browser, Page } from '@playwright/test';
import { axeViolations, expectNoAxeViolations } from './axe.js';
import {
  consoleProblems,
  drawn,
  hydrationProblems,
  layoutShift,
  untilTakenOver,
} from './drawn-page.js';
import { expect, test } from './server.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 87: Finances arrives drawn by the server, as the other pages do, in the reader's language:
 * with JavaScript off a student reads their account summary and financial aid, never "Loading…"
 * (nor "Cargando…"); with it on, the browser takes the page over without a hydration warning and
 * without a section arriving to move it. Leaves `finances-<en|es>-<width>-<light|dark>.png` (as a
 * browser without scripts shows it) in its output folder.
 */

const WORDS = {
  en: {
    locale: 'en-US',
    title: 'Finances',
    sections: ['Account summary', 'Financial aid'],
    loading: /Loading…/,
  },
  es: {
    locale: 'es-ES',
    title: 'Finanzas',
    sections: ['Resumen de la cuenta', 'Ayuda financiera'],
    loading: /Cargando…|Loading…/,
  },
} as const;

/** A signed-in student's browser at `width` in `language`, scripts on or off. */
async function student(
  browser: Browser,
  baseURL: string,
  width: number,
  language: keyof typeof WORDS,
  javaScriptEnabled: boolean,
): Promise<Page> {
  const options = { baseURL, viewport: { width, height: 800 }, javaScriptEnabled };
  // Signed in in English (the sign-in page's buttons are named in the browser's language), then
  // the same session in a browser of the language.
  const signingIn = await browser.newContext(options);
  const first = await signingIn.newPage();
  await signInAs(first, 'Student', '/', javaScriptEnabled);
  const storageState = await signingIn.storageState();
  await signingIn.close();
  const context = await browser.newContext({
    ...options,
    locale: WORDS[language].locale,
    storageState,
  });
  return context.newPage();
}

/** `/finances` opened as drawn: a process's first render may be a cold one, sent undrawn. */
async function openDrawnFinances(page: Page, language: keyof typeof WORDS) {
  const heading = page.getByRole('heading', { level: 1, name: WORDS[language].title });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.goto('/finances');
    if (await heading.isVisible()) break;
  }
  await expect(heading).toBeVisible();
}

/** What the drawn page holds: its sections with their answers, no loading line. */
async function expectDrawnFinances(page: Page, language: keyof typeof WORDS) {
  const words = WORDS[language];
  for (const name of words.sections)
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.locator('#account-summary')).not.toBeEmpty();
  await expect(page.getByText(words.loading)).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

for (const language of ['en', 'es'] as const) {
  test(`with JavaScript off, Finances in ${language === 'en' ? 'English' : 'Spanish'} is drawn whole: its sections, no loading line, axe 0, at 320, 390 and 1280 px, light and dark`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const page = await student(browser, baseURL!, 390, language, false);
    await openDrawnFinances(page, language);
    await expectDrawnFinances(page, language);
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectDrawnFinances(page, language);
        await page.screenshot({
          path: test.info().outputPath(`finances-${language}-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
    }
    // axe runs in the page: the same drawn page, its scripts refused, as a browser without them
    // shows it.
    const checked = await student(browser, baseURL!, 390, language, true);
    await checked.route(/\.js(\?|$)/, (route) => route.abort());
    await openDrawnFinances(checked, language);
    await expectDrawnFinances(checked, language);
    for (const width of [320, 390, 1280]) {
      await checked.setViewportSize({ width, height: 800 });
      for (const scheme of ['light', 'dark'] as const) {
        await checked.emulateMedia({ colorScheme: scheme });
        const found = (await axeViolations(checked)).map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
        expect(found, `${width} ${scheme}`).toEqual([]);
      }
    }
    await page.context().close();
    await checked.context().close();
  });
}

for (const width of [390, 1280]) {
  test(`at ${width} px Finances is taken over as drawn: no hydration warning, no section moving the page, axe 0`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const page = await student(browser, baseURL!, width, 'en', true);
    // The server draws it (asked until a warm render answers), privately.
    const { answer, body } = await drawn(page, '/finances');
    expect(body).toContain('id="server-render"');
    expect(answer.headers()['cache-control']).toBe('private, no-store');
    const problems = consoleProblems(page);
    await page.goto('/finances');
    await untilTakenOver(page);
    await expectDrawnFinances(page, 'en');
    await page.waitForLoadState('networkidle');
    expect(hydrationProblems(problems)).toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    await expect(page.locator('#scripts-note')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.context().close();
  });
}
