import type { Page } from '@playwright/test';
import { untilSignedIn } from './drawn-page.js';

/**
 * Signs in through the demo sign-in form as `persona` (its button's name), asking to land on `next`,
 * as the portal's own sign-in link does, and waits until the page it lands on is the app's (with
 * `scripts: false`, a browser that runs none, until it has landed).
 */
export async function signInAs(page: Page, persona: string, next = '/', scripts = true) {
  await page.goto(`/auth/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  if (scripts) await untilSignedIn(page);
  else await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}
