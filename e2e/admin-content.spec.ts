import { expect, test } from './server.js';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';

const run = Date.now().toString(36);

async function signedIn(browser: Browser, persona: string, next: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/auth/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`));
  return page;
}

/** Writes a post and puts it at the end of the dashboard page. */
async function writeForDashboard(
  page: Page,
  fields: { type: string; title: string; category: string; when?: string },
) {
  await page.goto('/admin/posts/new');
  await page.getByLabel('Type').selectOption(fields.type);
  await page.getByLabel('Title', { exact: true }).fill(fields.title);
  await page.getByLabel('Slug').fill(fields.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  await page
    .getByLabel('Body (Markdown)')
    .fill(
      'Grades are due **Monday**. <a href="javascript:window.__pwned=1">details</a><script>window.__pwned=2</script>',
    );
  await page.getByLabel('Who sees it').fill(fields.category);
  await page.getByLabel('Address 1').fill('https://canvas.example.edu');
  await page.getByLabel('Text 1').fill('Canvas');
  if (fields.when) {
    await page.getByLabel('Published', { exact: true }).selectOption('scheduled');
    await page.getByLabel('Opens on').fill(fields.when);
  }
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page.getByRole('status')).toHaveText('Post created.');

  await page.goto('/admin/pages');
  await page.getByRole('link', { name: '/', exact: true }).click();
  await page
    .getByLabel('Add a post at the end')
    .selectOption({ label: `${fields.title} (${fields.type})` });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await expect(page.getByRole('link', { name: fields.title })).toBeVisible();
}

test('staff publish faculty resources and a promo for tomorrow on the dashboard: faculty see the resources, a student sees neither, and the body never runs', async ({
  browser,
}) => {
  // Two posts written, three previews and three people signed in: a long journey.
  test.setTimeout(90_000);
  const resources = `Grading guide ${run}`;
  const tomorrow = `Spring fair ${run}`;
  const staff = await signedIn(browser, 'Staff', '/admin/posts');
  await writeForDashboard(staff, { type: 'resources', title: resources, category: 'faculty' });
  const at = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 16);
  await writeForDashboard(staff, { type: 'promo', title: tomorrow, category: '', when: at });

  // Reorder by keyboard: the new promo moves up one place.
  await staff.getByRole('button', { name: `Move “${tomorrow}” up` }).focus();
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('status')).toHaveText('Saved.');
  await expectNoAxeViolations(staff);

  // The preview is the portal's own dashboard as faculty see it: their resources, not tomorrow's promo…
  await staff.getByRole('link', { name: 'Open as faculty', exact: true }).click();
  await expect(staff).toHaveURL(/\/\?preview_role=faculty$/);
  await expect(staff.getByTestId('preview-notice')).toContainText(
    'Previewing as Faculty — the posts this role sees as published now.',
  );
  await expect(staff.getByRole('region', { name: resources })).toBeVisible();
  await expect(staff.getByText(tomorrow)).toHaveCount(0);
  await expectNoAxeViolations(staff);
  // …and, drafts included, with the promo that opens tomorrow; as a student, neither is for them.
  await staff.goBack();
  await staff.getByRole('link', { name: 'Open as faculty, drafts included' }).click();
  await expect(staff.getByTestId('preview-notice')).toContainText('once its drafts');
  await expect(staff.getByText(tomorrow).first()).toBeVisible();
  await staff.goBack();
  await staff.getByRole('link', { name: 'Open as a student', exact: true }).click();
  await expect(staff.getByTestId('preview-notice')).toContainText('Previewing as Student');
  await expect(staff.getByText(resources)).toHaveCount(0);
  await staff.context().close();

  const faculty = await signedIn(browser, 'Faculty', '/');
  await expect(faculty.getByText(resources).first()).toBeVisible();
  await expect(faculty.getByText(tomorrow)).toHaveCount(0);
  expect(await faculty.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await faculty.context().close();

  const student = await signedIn(browser, 'Student', '/');
  await expect(student.getByRole('main')).toBeVisible();
  await expect(student.getByText(resources)).toHaveCount(0);
  await expect(student.getByText(tomorrow)).toHaveCount(0);
  await student.context().close();
});

for (const width of [390, 1280]) {
  test(`at ${width} px the content pages pass axe`, async ({ browser }) => {
    // Five pages, each checked by axe: on a loaded two-core machine that outruns 30 s.
    test.slow();
    const page = await signedIn(browser, 'Staff', '/admin/posts', width);
    await expectNoAxeViolations(page);
    for (const url of ['/admin/posts/new', '/admin/pages', '/admin/posts/1', '/admin/pages/1']) {
      await page.goto(url);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow, `${url} overflows at ${width} px`).toBe(false);
      await expectNoAxeViolations(page);
    }
    await page.context().close();
  });
}
