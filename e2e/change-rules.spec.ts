import { expect, test } from './server.js';
import type { Browser } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 74: staff write the rules that turn a change to a student's record into a Next Steps task
 * (`/admin/change-rules`), and a student finds "Changes to your record" among their notification
 * settings, chosen by default. axe at 320, 390 and 1280 px, light and dark; the student's page in
 * English and Spanish (the admin is English only).
 */
const WIDTHS = [320, 390, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;

async function signedIn(browser: Browser, persona: string, next: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, persona, next);
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?#]/g, '\\$&')}$`));
  return page;
}

const overflows = (page: Awaited<ReturnType<typeof signedIn>>) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

for (const width of WIDTHS) {
  test(`at ${width} px the change rules list and form pass axe in light and dark`, async ({
    browser,
  }, testInfo) => {
    const page = await signedIn(browser, 'Staff', '/admin/change-rules', width);
    await expect(page).toHaveTitle('Change rules · Admin · Campus Portal');
    await expect(page.getByRole('link', { name: 'Change rules', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('link', { name: 'Clear your registration hold' })).toBeVisible();
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await overflows(page), `the list overflows at ${width} px`).toBe(false);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`change-rules-${width}-${scheme}.png`) });
    }
    await page.getByRole('link', { name: 'New rule' }).click();
    await expect(page.getByLabel('When this changes', { exact: true })).toBeVisible();
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await overflows(page), `the form overflows at ${width} px`).toBe(false);
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: testInfo.outputPath(`change-rule-form-${width}-${scheme}.png`),
        fullPage: true,
      });
    }
    await page.context().close();
  });
}

test('staff add a rule by keyboard, see a refusal named at its field, edit it and remove it', async ({
  browser,
}) => {
  const title = `Find another class ${Date.now().toString(36)}`;
  const page = await signedIn(browser, 'Staff', '/admin/change-rules/new', 390);
  await page.getByLabel('When this changes', { exact: true }).selectOption('class-dropped');
  await page.getByLabel('Task title', { exact: true }).fill(title);
  await page
    .getByLabel('Task body', { exact: true })
    .fill('A class of yours was dropped or cancelled.');
  await page.getByLabel('Task link', { exact: true }).fill('/academics');
  // The task in Spanish too (issue 87), beside the English.
  await page.getByLabel('Title in Spanish').fill('Busque otra clase');
  await page
    .getByLabel('Task body in Spanish')
    .fill('Se dio de baja o se canceló una de sus clases.');
  await page.getByLabel('Completed when this changes').selectOption('class-dropped');
  await page.getByRole('button', { name: 'Add rule' }).press('Enter');
  await expect(
    page
      .getByText('The change that completes the task must differ from the one that opens it.', {
        exact: true,
      })
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Completed when this changes').selectOption('');
  await page.getByRole('button', { name: 'Add rule' }).press('Enter');
  await expect(page.getByRole('status')).toHaveText('Rule added.');
  await page.getByLabel('Due in (days)').fill('3');
  await page.getByRole('button', { name: 'Save changes' }).press('Enter');
  await expect(page.getByRole('status')).toHaveText('Changes saved.');
  await page.getByRole('link', { name: 'Delete…' }).click();
  await page.getByRole('button', { name: 'Remove the rule' }).press('Enter');
  await expect(page.getByRole('status')).toHaveText('Rule removed.');
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await page.context().close();
});

for (const width of WIDTHS) {
  test(`at ${width} px a student finds "Changes to your record" chosen among their notifications, in English and Spanish; axe in light and dark`, async ({
    browser,
  }, testInfo) => {
    const page = await signedIn(browser, 'Student', '/account', width);
    // The topic's name in each language: "Cambios en su expediente" in Spanish, as its messages say.
    const check = async (language: string, name: string) => {
      const topic = page.getByRole('checkbox', { name });
      await expect(topic).toBeChecked();
      await topic.scrollIntoViewIfNeeded();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: testInfo.outputPath(`record-topic-${language}-${width}-${scheme}.png`),
        });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    };
    await check('en', 'Changes to your record');
    await page.getByRole('radio', { name: 'Español' }).check();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await check('es', 'Cambios en su expediente');
    await page.getByRole('radio', { name: 'English' }).check();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.context().close();
  });
}
