import { expect, test } from './server.js';
import { expectNoAxeViolations } from './axe.js';
import { signInAs as signIn } from './sign-in.js';

for (const width of [390, 1280]) {
  test.describe(`content at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the resources page: cards in one grid, resources by role, FAQ panels by keyboard', async ({
      page,
    }) => {
      await signIn(page, 'Student', '/resources');
      await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
      await expect(page).toHaveTitle('Resources · Campus Portal');
      await expect(page.locator('.card-grid')).toHaveCount(1);
      await expect(page.locator('.card-grid .card')).toHaveCount(6);
      await expect(page.getByRole('heading', { name: 'Campus resources' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Staff resources' })).toHaveCount(0);

      const question = page.getByRole('button', { name: 'How do I order an official transcript?' });
      await expect(question).toHaveAttribute('aria-expanded', 'false');
      await question.focus();
      await page.keyboard.press('Enter');
      await expect(question).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText(/Electronic transcripts arrive/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Space');
      await expect(question).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByText(/Electronic transcripts arrive/)).toBeHidden();
      await question.click();
      await expect(question).toHaveAttribute('aria-expanded', 'true');
    });

    test("What's New links to the page whats-new and to the newest post", async ({ page }) => {
      await signIn(page, 'Student');
      const block = page.getByTestId('block-whats-new');
      await block.getByRole('link', { name: /library stays open/ }).click();
      await expect(page).toHaveURL(/\/whats-new\/library-open-late-for-finals$/);
      await expect(
        page.getByRole('heading', { level: 1, name: /library stays open until 2 a\.m\./ }),
      ).toBeVisible();
      await expect(page.getByText(/free coffee on the second floor/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'More news' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'What’s New' })).toBeVisible();
      // The post that opens in ten days is not listed yet.
      await expect(page.getByText('Campus buildings during winter break')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test('an unknown blog slug and a path with no page show the not-found screen', async ({
      page,
    }) => {
      await signIn(page, 'Student', '/whats-new/no-such-post');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('a post modal opens from its link, with "Read more", and closes', async ({ page }) => {
      await signIn(page, 'Student');
      await page.getByRole('button', { name: 'See clinic hours' }).click();
      const dialog = page.getByRole('dialog', { name: 'Flu clinic hours' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Read more' })).toHaveAttribute(
        'href',
        'https://www.campus.example.edu/health-counseling',
      );
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });

    test('the video loads no player until play is pressed', async ({ page }) => {
      const players: string[] = [];
      page.on('request', (r) => {
        if (/youtube/.test(r.url())) players.push(r.url());
      });
      // The closed network cannot reach the player; answer it locally.
      await page.route(/youtube-nocookie\.com/, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Player</title>' }),
      );
      await signIn(page, 'Student');
      const video = page.getByTestId('block-video');
      await expect(video.getByRole('button', { name: /^Play video: / })).toBeVisible();
      expect(players).toEqual([]);
      await video.getByRole('button', { name: /^Play video: / }).click();
      const frame = video.locator('iframe');
      await expect(frame).toHaveAttribute('title', 'Take a two-minute walk across campus');
      await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    });

    test('staff preview unpublished pages with ?published=all, clearly marked; students cannot', async ({
      page,
    }) => {
      await signIn(page, 'Staff', '/orientation?published=all');
      await expect(page.getByTestId('preview-notice')).toBeVisible();
      await expect(page.getByText(/Orientation sessions for next term’s admits/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto('/orientation');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await page.context().clearCookies();
      await signIn(page, 'Student', '/orientation?published=all');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page.getByTestId('preview-notice')).toHaveCount(0);
    });
  });
}
