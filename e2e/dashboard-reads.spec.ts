import { expect, test } from './server.js';
import { signInAs } from './sign-in.js';
import { todaysClassesRead } from './todays-classes.js';

// The dashboard's route loader starts its blocks' reads and hands each block its own answer: a
// student's first load asks for every address once, the holds included, which the banner's hold line
// and the profile summary both show.
for (const width of [390, 1280]) {
  test(`at ${width} px, a student's first dashboard asks for each of its addresses once`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET' || !url.pathname.startsWith('/api/')) return;
      const address = `${url.pathname}${url.search}`;
      asked.set(address, (asked.get(address) ?? 0) + 1);
    });
    await signInAs(page, 'Student', '/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // The day's classes have been read (whatever day CI runs on).
    await expect(todaysClassesRead(page)).toBeVisible();
    await expect(
      page.getByTestId('block-profile-summary').getByText('Registration Hold'),
    ).toBeVisible();
    await expect(page.locator('.loading')).toHaveCount(0);
    await expect(page.locator('.later')).toHaveCount(0);

    const twice = [...asked].filter(([, count]) => count > 1);
    expect(twice).toEqual([]);
    // Once, or not at all when the server's cache held them (the second width: the same student):
    // the page then carries them (first-answers.spec.ts). Either way the blocks above show them.
    expect(asked.get('/api/integrations/finti/holds') ?? 0).toBeLessThanOrEqual(1);
    expect(asked.get('/api/integrations/finti/current-term') ?? 0).toBeLessThanOrEqual(1);
  });
}
