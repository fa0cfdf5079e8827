import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** The staff outbox's rows of emails to `to` whose subject matches, newest first. */
export async function emailsTo(staff: Page, origin: string, to: string, subject: RegExp) {
  await staff.goto(`${origin}/admin/outbox`);
  return staff.getByRole('row').filter({ hasText: to }).filter({ hasText: subject });
}

/**
 * The delegate's link (an invitation's, a sign-in link's) in the newest email to `to` whose subject
 * matches, read in the staff outbox of the server at `origin` ('' for the journeys' own server):
 * its address on that server.
 */
export async function emailedLink(staff: Page, origin: string, to: string, subject: RegExp) {
  await (await emailsTo(staff, origin, to, subject)).first().getByRole('link').click();
  const text = (await staff.locator('main').textContent()) ?? '';
  const link = /\/auth\/delegate\/[a-z-]+\?token=[\w-]+/.exec(text)?.[0];
  expect(link, `a link in the email "${String(subject)}"`).toBeTruthy();
  return `${origin}${link ?? ''}`;
}
