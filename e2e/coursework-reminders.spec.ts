import { expect, test, untilSignedIn } from './drawn-page.js';
import type { Page } from '@playwright/test';
import type { FakeLms } from '../tests/fake-feeds/fake-lms.js';
import { expectNoAxeViolations } from './axe.js';
import { portalWithLms } from './lms.js';
import type { FileServer } from './server.js';

/**
 * Coursework due dates and search (issue 45): a student whose Canvas feed the portal reads turns on
 * "Coursework due dates" in the notification settings on Account (off until then) and finds an
 * assignment with the portal search, linking back to Canvas. Screenshots in
 * `test-results/coursework-<settings|search>-<width>-<theme>.png`.
 */

const icalAt = (days: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '')}T235900Z`;

const canvasFeed = () =>
  [
    'BEGIN:VCALENDAR',
    'PRODID:-//Instructure//Canvas LMS//EN',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    `DTSTART:${icalAt(2)}`,
    `DTEND:${icalAt(2)}`,
    'DTSTAMP:20261020T120000Z',
    'SUMMARY:Essay 2 [ENGL 101]',
    'UID:event-assignment-99812',
    'URL;VALUE=URI:https://canvas.campus.example.edu/courses/4021/assignments/99812',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

let lms: FakeLms;
let server: FileServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  ({ lms, server } = await portalWithLms('coursework-reminders'));
});
test.afterAll(async () => {
  await server?.stop();
  await lms?.close();
});

async function journey(page: Page, persona: string, token: string, width: number) {
  // Two pages, each checked with axe and shot in two themes.
  test.setTimeout(120_000);
  const address = lms.serve(`/feeds/calendars/user_${token}.ics`, {
    kind: 'calendar',
    body: canvasFeed(),
  });
  await page.goto(`${server.url}/auth/login?next=${encodeURIComponent('/account')}`);
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  await untilSignedIn(page);
  const section = page.getByRole('region', { name: 'Coursework calendar' });
  await section.getByRole('textbox', { name: 'Calendar feed address' }).fill(address);
  await section.getByRole('button', { name: 'Add' }).click();
  await expect(section.getByRole('button', { name: 'Remove' })).toBeVisible();

  const box = page.getByRole('checkbox', { name: 'Coursework due dates' });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(box).toBeChecked();
  await expect(page.getByText('Saved.').first()).toBeVisible();
  await box.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `test-results/coursework-settings-${width}-${theme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  // Chosen, it stays chosen.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Coursework due dates' })).toBeChecked();

  await page.goto(`${server.url}/search?q=essay`);
  const group = page.getByRole('region', { name: 'My coursework' });
  await expect(group.getByRole('link', { name: /Essay 2/ })).toHaveAttribute(
    'href',
    'https://canvas.campus.example.edu/courses/4021/assignments/99812',
  );
  await expect(group.getByText(/ENGL 101 · Due .* · Open in Canvas/)).toBeVisible();
  await expectNoAxeViolations(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `test-results/coursework-search-${width}-${theme}.png` });
  }
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a student turns on Coursework due dates on Account and finds their assignment with search', async ({
    page,
  }) => {
    await journey(page, 'Student', 'Phone7Hq2LmZx9PcVb4NwRt8KjYs3DfGa6Ue', 390);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a new student turns on Coursework due dates on Account and finds their assignment with search', async ({
    page,
  }) => {
    await journey(page, 'New student', 'Desk4NwRt8KjYs3DfGa6Ue7Hq2LmZx9PcVb', 1280);
  });
});
