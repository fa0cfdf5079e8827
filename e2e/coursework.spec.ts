import { expect, test, untilSignedIn } from './drawn-page.js';
import type { Page, TestInfo } from '@playwright/test';
import type { FakeLms } from '../tests/fake-feeds/fake-lms.js';
import { expectNoAxeViolations } from './axe.js';
import { portalWithLms } from './lms.js';
import type { FileServer } from './server.js';

/**
 * Coursework deadlines (issue 45), end to end: a student pastes their Canvas calendar feed address
 * on Account; the portal server (a real process, allowed to read this machine's test LMS by
 * `lms.calendarHosts` and told to trust its certificate) reads it, and the assignments show in the
 * dashboard's Upcoming Tasks beside the checklist, with the link back to Canvas, and in Next Steps
 * under Coursework, where Mark done is kept by the portal (across a reload, and shown in Upcoming
 * Tasks); when Canvas stops accepting the link, Next Steps says so and sends the student to Account.
 */

/** An iCalendar UTC time `days` from now at 23:59 UTC. */
const icalAt = (days: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '')}T235900Z`;

/** A Canvas user feed as Canvas writes it, with two assignments due in the coming days. */
const canvasFeed = () =>
  [
    'BEGIN:VCALENDAR',
    'PRODID:-//Instructure//Canvas LMS//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Student Calendar (Canvas)',
    ...[
      ['99812', 'Essay 2 [ENGL 101]', 2, '4021'],
      ['100231', 'Quiz 4 [MTH 251]', 5, '4302'],
    ].flatMap(([id, summary, days, course]) => [
      'BEGIN:VEVENT',
      `DTSTART:${icalAt(Number(days))}`,
      `DTEND:${icalAt(Number(days))}`,
      'DTSTAMP:20261020T120000Z',
      `SUMMARY:${summary}`,
      `UID:event-assignment-${id}`,
      `URL;VALUE=URI:https://canvas.campus.example.edu/courses/${course}/assignments/${id}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

let lms: FakeLms;
let server: FileServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  ({ lms, server } = await portalWithLms('coursework'));
});
test.afterAll(async () => {
  await server?.stop();
  await lms?.close();
});

async function signIn(page: Page, persona: string, next: string) {
  await page.goto(`${server.url}/auth/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  await untilSignedIn(page);
}

async function journey(page: Page, persona: string, token: string, testInfo: TestInfo) {
  // Account, the dashboard, Next Steps three times and Account again: longer than the default.
  test.setTimeout(120_000);
  const feedPath = `/feeds/calendars/user_${token}.ics`;
  const address = lms.serve(feedPath, {
    kind: 'calendar',
    body: canvasFeed(),
  });
  await signIn(page, persona, '/account');
  const section = page.getByRole('region', { name: 'Coursework calendar' });
  await expect(section).toBeVisible();
  await section.getByRole('textbox', { name: 'Calendar feed address' }).fill(address);
  await section.getByRole('button', { name: 'Add' }).click();
  await expect(section.getByRole('button', { name: 'Refresh now' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Remove' })).toBeVisible();
  await expect(section.getByText(`https://${lms.host}/…${token.slice(-4)}`)).toBeVisible();
  // The address itself is never shown again, nor kept in the page.
  expect(await page.content()).not.toContain(token);
  await expectNoAxeViolations(page);

  await page.goto(`${server.url}/`);
  const upcoming = page.getByRole('region', { name: 'Upcoming Tasks' });
  await expect(upcoming.getByRole('link', { name: /^Essay 2/ })).toBeVisible();
  await expect(upcoming.getByText('ENGL 101 · Canvas')).toBeVisible();
  await expect(upcoming.getByRole('link', { name: /^Quiz 4/ })).toBeVisible();
  await expect(upcoming.getByRole('link', { name: /^Essay 2/ })).toHaveAttribute(
    'href',
    'https://canvas.campus.example.edu/courses/4021/assignments/99812',
  );
  await expectNoAxeViolations(page);
  await linesAsTasks(page, upcoming, testInfo);

  await nextSteps(page, upcoming, testInfo);
  await broken(page, feedPath, testInfo);
}

const widthOf = (page: Page) => page.viewportSize()?.width ?? 0;

/**
 * Coursework lines in Upcoming Tasks laid out as the other items: every line, task or coursework,
 * starts at the list's left with its title and ends at its right with its date; screenshots at 320,
 * 390 and 1280 px, light and dark.
 */
async function linesAsTasks(
  page: Page,
  upcoming: ReturnType<Page['getByRole']>,
  testInfo: TestInfo,
) {
  const width = widthOf(page);
  for (const scheme of ['light', 'dark'] as const) {
    for (const shown of [...new Set([320, width])]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: shown, height: 900 });
      // Crossing 1024 px moves the block between the one column and the two (issue 76), so the
      // region is drawn anew: wait until the one drawn for this width holds still.
      await expect(async () => upcoming.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
      // And until its lines are drawn again (a rehearsal read the list between the two once).
      await expect(upcoming.getByRole('link', { name: /^Quiz 4/ })).toBeVisible();
      await upcoming.screenshot({
        path: testInfo.outputPath(`upcoming-tasks-coursework-${shown}-${scheme}.png`),
      });
      const lines = await upcoming.getByRole('listitem').evaluateAll((items) =>
        items.map((li) => {
          const box = li.getBoundingClientRect();
          const title = li.firstElementChild?.getBoundingClientRect();
          const date = li.querySelector('.my-next-steps__when')?.getBoundingClientRect();
          return {
            text: li.textContent ?? '',
            titleAtLeft: title ? Math.abs(title.left - box.left) < 1 : false,
            // Beside the title at the right, or, on a narrow screen, wrapped under it at the left.
            dateInColumn:
              date && title
                ? (Math.abs(date.right - box.right) < 1 && date.top < title.bottom) ||
                  (Math.abs(date.left - box.left) < 1 && date.top >= title.bottom - 1)
                : null,
            dateAtRight: date ? Math.abs(date.right - box.right) < 1 : null,
          };
        }),
      );
      const coursework = lines.filter((line) => /Essay 2|Quiz 4/.test(line.text));
      expect(coursework).toHaveLength(2);
      for (const line of lines) {
        expect(line.titleAtLeft, `${line.text} at ${shown} px`).toBe(true);
        if (line.dateInColumn !== null) {
          expect(line.dateInColumn, `${line.text}'s date at ${shown} px`).toBe(true);
        }
      }
      for (const line of coursework) expect(line.dateInColumn).toBe(true);
      // Where the list has room, the date column is at the right, as a task's. From 1024 px the
      // list is in the right column (portal.md §2's desktop columns, issue 76), narrower than a phone's.
      const listWidth = (await upcoming.boundingBox())?.width ?? 0;
      if (listWidth >= 480) for (const line of coursework) expect(line.dateAtRight).toBe(true);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width, height: 900 });
}

/**
 * An item's title in a list: its link and its Mark done button carry the title too, each in its own
 * `lang` span, so the text alone names three elements.
 */
const titleIn = (list: ReturnType<Page['getByRole']>, title: string) =>
  list.locator('.task-item__title', { hasText: new RegExp(`^${title}$`) });

/** Next Steps lists the assignments under Coursework; Mark done is kept by the portal. */
async function nextSteps(page: Page, upcoming: ReturnType<Page['getByRole']>, testInfo: TestInfo) {
  await page.goto(`${server.url}/next-steps/task?category=coursework`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Up Next — Coursework');
  const coursework = page.getByRole('region', { name: 'Coursework' });
  await expect(titleIn(coursework, 'Essay 2')).toBeVisible();
  await expect(coursework.getByText('ENGL 101', { exact: true })).toBeVisible();
  await expect(titleIn(coursework, 'Quiz 4')).toBeVisible();
  await expect(
    coursework.getByRole('link', { name: /^Open in Canvas\s*: Essay 2/ }),
  ).toHaveAttribute('href', 'https://canvas.campus.example.edu/courses/4021/assignments/99812');
  await expectNoAxeViolations(page);

  // Beside the checklist, in both themes.
  await page.goto(`${server.url}/next-steps/`);
  await expect(titleIn(coursework, 'Quiz 4')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await coursework.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: testInfo.outputPath(`next-steps-coursework-${widthOf(page)}-${scheme}.png`),
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await coursework.getByRole('button', { name: /^Mark done\s*: Essay 2$/ }).click();
  await expect(titleIn(coursework, 'Essay 2')).toBeHidden();
  await page.reload();
  await expect(titleIn(coursework, 'Quiz 4')).toBeVisible();
  await expect(titleIn(coursework, 'Essay 2')).toBeHidden();
  await page.goto(`${server.url}/next-steps/task?show=done&category=coursework`);
  await expect(titleIn(coursework, 'Essay 2')).toBeVisible();
  await expect(coursework.getByRole('button', { name: /^Undo\s*: Essay 2$/ })).toBeVisible();
  await expect(coursework.getByRole('img', { name: 'Done' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`${server.url}/`);
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Essay 2' })).toContainText(
    '· Done',
  );
}

/** Canvas stops accepting the link: Next Steps says so, the items kept as not current. */
async function broken(page: Page, feedPath: string, testInfo: TestInfo) {
  lms.serve(feedPath, { kind: 'status', status: 401 });
  await page.goto(`${server.url}/account`);
  const section = page.getByRole('region', { name: 'Coursework calendar' });
  await section.getByRole('button', { name: 'Refresh now' }).click();
  await expect(
    section.getByText('Your Canvas calendar link stopped working — paste the new one'),
  ).toBeVisible();

  await page.goto(`${server.url}/next-steps/`);
  const coursework = page.getByRole('region', { name: 'Coursework' });
  await expect(coursework.getByRole('status')).toContainText(
    'Your Canvas calendar link stopped working — paste the new one',
  );
  await expect(
    coursework.getByRole('link', { name: 'in Account’s Coursework calendar' }),
  ).toHaveAttribute('href', '/account#coursework');
  await expect(coursework.getByRole('listitem').filter({ hasText: 'Quiz 4' })).toContainText(
    'Not current',
  );
  await expectNoAxeViolations(page);
  await coursework.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: testInfo.outputPath(`next-steps-coursework-broken-${widthOf(page)}.png`),
  });
  await coursework.getByRole('link', { name: 'in Account’s Coursework calendar' }).click();
  await expect(page).toHaveURL(/\/account#coursework$/);
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a student pastes their Canvas calendar feed on Account and sees its assignments in Upcoming Tasks and Next Steps', async ({
    page,
  }, testInfo) => {
    await journey(page, 'Student', 'Phone7Hq2LmZx9PcVb4NwRt8KjYs3DfGa6Ue', testInfo);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a new student pastes their Canvas calendar feed on Account and sees its assignments in Upcoming Tasks and Next Steps', async ({
    page,
  }, testInfo) => {
    await journey(page, 'New student', 'Desk4NwRt8KjYs3DfGa6Ue7Hq2LmZx9PcVb', testInfo);
  });
});
