import type { Page } from '@playwright/test';

/**
 * Signs in through the demo sign-in form as `persona` (its button's name), asking to land on `next`,
 * as the portal's own sign-in link does.
 */
export async function signInAs(page: Page, persona: string, next = '/') {
  await page.goto(`/auth/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
}
