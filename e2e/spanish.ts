import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { englishDataLeft, englishLeft } from './english-left.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 59 and 76, shared by the checker sweep (its 390 px tests read every page in Spanish) and
 * `language-everyone` (the personas the sweep does not sign in as): choosing Español, and what a
 * Spanish page must hold.
 */

/** People's own names (neither English nor Spanish), left out of the records' English check. */
export const PEOPLE = [
  '.greeting',
  '.acad-advisor__name',
  '.acad-field dd:has(.acad-email)',
  '.message__meta',
  '.view-as-bar',
].join(', ');

/**
 * Names a record gives in English that the page must say inside a Spanish sentence, where no `lang`
 * can mark them: a banner line's Dismiss and Open link buttons ("Cerrar: <title>"), a message's read
 * buttons ("Marcar como leída: <title>"; the conformance report's 3.1.2 says so), a task's title in
 * the document title (and the page announcer saying it) and an item's bookmark button.
 */
const CARRIED_IN_SENTENCE =
  /^(aria-label: (Cerrar|Abrir enlace|Marcar como (no )?leída): .*|(title: )?.* · Próximos pasos|aria-label: Guardar .*)$/;

/** No English of the product's beside what `CARRIED_IN_SENTENCE` allows. */
export async function expectNoEnglishBesideMessages(page: Page) {
  const left = await englishLeft(page);
  expect(left.filter((text) => !CARRIED_IN_SENTENCE.test(text))).toEqual([]);
}

/** Nothing wider than the page: Spanish runs about a quarter longer than English. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The page reads in Spanish: no English of the product's, every English value of the records is
 * its campus Spanish name or marked English (issue 76), and it fits the width.
 */
export async function expectReadsInSpanish(page: Page) {
  await expectNoEnglishBesideMessages(page);
  const data = await englishDataLeft(page, { exclude: PEOPLE });
  expect(data.filter((text) => !CARRIED_IN_SENTENCE.test(text))).toEqual([]);
  await expectNoSidewaysScroll(page);
}

/** Signs in as the persona and chooses Español on Account (the store keeps it for the persona). */
export async function chooseSpanish(page: Page, persona: string) {
  await signInAs(page, persona, '/account');
  await page.getByRole('radio', { name: 'Español' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Guardado.' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

/** Back to English, so that the persona's next test in the same store starts in English. */
export async function backToEnglish(page: Page) {
  await page.goto('/account');
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
}
