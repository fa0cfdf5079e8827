import { expect, test } from './server.js';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 59: staff write a post's Spanish version in the admin, beside its English (migration 038).
 * A student who chose Español reads that post in Spanish, and a post written only in English as it
 * was written, marked `lang="en"`; a student reading English gets the English of both.
 */
const run = Date.now().toString(36);
const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

async function signedIn(browser: Browser, persona: string, next: string) {
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 } })
  ).newPage();
  await signInAs(page, persona, next);
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`));
  return page;
}

/** A What's New post for everyone, published now; with its Spanish version when `es` is given. */
async function writePost(
  page: Page,
  post: { title: string; body: string; es?: { title: string; body: string } },
) {
  await page.goto('/admin/posts/new');
  await page.getByLabel('Type').selectOption('blog');
  // The form has the English and the Spanish fields side by side: each named exactly.
  await page.getByLabel('Title', { exact: true }).fill(post.title);
  await page.getByLabel('Slug', { exact: true }).fill(slugOf(post.title));
  await page.getByLabel('Body (Markdown)', { exact: true }).fill(post.body);
  if (post.es) {
    await page.getByLabel('Title in Spanish', { exact: true }).fill(post.es.title);
    await page.getByLabel('Body in Spanish (Markdown)', { exact: true }).fill(post.es.body);
  }
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page.getByRole('status')).toHaveText('Post created.');
}

/** The post's own page, once its article is shown: its title (the page's h1) and its article. */
async function openPost(page: Page, title: string) {
  await page.goto(`/whats-new/${slugOf(title)}`);
  const article = page.locator('article.blog-article');
  await expect(article).toBeVisible();
  return { heading: page.getByRole('heading', { level: 1 }), article };
}

test('staff write a post’s Spanish version: a student in Español reads it in Spanish, a post without one in English marked lang="en", and a student in English reads the English', async ({
  browser,
}) => {
  // Two posts written, two people signed in, five pages read: a long journey.
  test.setTimeout(90_000);
  const bilingual = `Library hours ${run}`;
  const englishOnly = `Parking permits ${run}`;
  const staff = await signedIn(browser, 'Staff', '/admin/posts');
  await writePost(staff, {
    title: bilingual,
    body: 'The library opens at **8 am** during finals week.',
    es: {
      title: `Horario de la biblioteca ${run}`,
      body: 'La biblioteca abre a las **8 a. m.** durante la semana de exámenes finales.',
    },
  });
  await writePost(staff, { title: englishOnly, body: 'Permits for the spring are on sale now.' });
  await expectNoAxeViolations(staff);
  await staff.context().close();

  const student = await signedIn(browser, 'Student', '/account');
  await student.getByRole('radio', { name: 'Español' }).check();
  await expect(student.getByRole('status').filter({ hasText: 'Guardado.' })).toBeVisible();

  // The Spanish version, in the page's language: no English title or body, nothing marked English.
  const spanish = await openPost(student, bilingual);
  await expect(spanish.heading).toHaveText(`Horario de la biblioteca ${run}`);
  await expect(spanish.heading).not.toHaveAttribute('lang', 'en');
  await expect(spanish.article).toContainText('durante la semana de exámenes finales');
  await expect(spanish.article).not.toContainText('finals week');
  await expect(spanish.article).not.toHaveAttribute('lang', 'en');
  await expect(student.locator('html')).toHaveAttribute('lang', 'es');
  await expectNoAxeViolations(student);

  // No Spanish version: the English as written, marked English in the Spanish page (WCAG 3.1.2).
  const english = await openPost(student, englishOnly);
  await expect(english.heading).toHaveText(englishOnly);
  await expect(english.heading).toHaveAttribute('lang', 'en');
  await expect(english.article).toHaveAttribute('lang', 'en');
  await expect(english.article).toContainText('Permits for the spring are on sale now.');
  await expectNoAxeViolations(student);

  // Back in English, the post with a Spanish version reads as staff wrote it in English.
  await student.goto('/account');
  await student.getByRole('radio', { name: 'English' }).check();
  await expect(student.locator('html')).toHaveAttribute('lang', 'en');
  const inEnglish = await openPost(student, bilingual);
  await expect(inEnglish.heading).toHaveText(bilingual);
  await expect(inEnglish.article).toContainText('during finals week');
  await expect(inEnglish.article).not.toContainText('semana de exámenes');
  await student.context().close();
});
