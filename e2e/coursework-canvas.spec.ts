import { expect, test, untilSignedIn } from './drawn-page.js';
import type { Page, TestInfo } from '@playwright/test';
import { addAssignment, startFakeCanvas } from '../tests/server/helpers/fake-canvas.js';
import type { FakeCanvas } from '../tests/server/helpers/fake-canvas.js';
import { expectNoAxeViolations } from './axe.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';

/**
 * Coursework from the campus's Canvas (issue 45, step 2), end to end: a portal server with a Canvas
 * developer key for a local Canvas that follows the documented shapes (the fake of the server
 * tests, on this machine); a student connects Canvas on Account (Canvas's page sends them straight
 * back, as when they have allowed the portal before), sees the planner's items in Next Steps with
 * what Canvas has of each submission, and marks one done, which Canvas then holds too.
 */

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let canvas: FakeCanvas;
let server: FileServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  canvas = await startFakeCanvas();
  server = await startFileServer('coursework-canvas', (url) => ({
    PUBLIC_ORIGIN: url,
    CANVAS_URL: canvas.url,
    CANVAS_CLIENT_ID: canvas.clientId,
    CANVAS_CLIENT_SECRET: canvas.clientSecret,
  }));
  canvas.redirectUri = `${server.url}/api/coursework/canvas/callback`;
});
test.afterAll(async () => {
  await server?.stop();
  await canvas?.close();
});

const widthOf = (page: Page) => page.viewportSize()?.width ?? 0;

async function journey(page: Page, persona: string, canvasUser: number, testInfo: TestInfo) {
  test.setTimeout(120_000);
  canvas.state.users.set(canvasUser, persona);
  canvas.state.loginAs = canvasUser;
  const base = canvasUser * 10;
  addAssignment(canvas, canvasUser, {
    id: base + 1,
    title: 'Essay 2',
    due: inDays(2),
    course: 'ENGL 101',
    submission: { submitted: true },
  });
  addAssignment(canvas, canvasUser, {
    id: base + 2,
    title: 'Lab report',
    due: inDays(3),
    course: 'CHEM 121',
    submission: { missing: true },
  });
  addAssignment(canvas, canvasUser, {
    id: base + 3,
    title: 'Quiz 4',
    due: inDays(5),
    course: 'MTH 251',
    type: 'quiz',
  });

  await page.goto(`${server.url}/auth/login?next=${encodeURIComponent('/account')}`);
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  await untilSignedIn(page);
  const section = page.getByRole('region', { name: 'Coursework calendar' });
  await section.getByRole('button', { name: 'Connect Canvas' }).click();
  // To Canvas and back to Account, which says where it is connected.
  await expect(page).toHaveURL(/\/account\?canvas=connected#coursework$/);
  await expect(section.getByText('Connected to Canvas at')).toBeVisible();
  await expect(section.getByText(new URL(canvas.url).host, { exact: true })).toBeVisible();
  await expect(section.getByRole('status')).toHaveText('3 upcoming items from Canvas.');
  await expect(section.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await expectNoAxeViolations(page);
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  // The phone's journey also looks at the narrowest width the portal supports.
  for (const width of size.width < 1000 ? [size.width, 320] : [size.width]) {
    await page.setViewportSize({ width, height: size.height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({
        path: testInfo.outputPath(`account-canvas-${width}-${scheme}.png`),
      });
    }
  }
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });

  await page.goto(`${server.url}/next-steps/task?category=coursework`);
  const coursework = page.getByRole('region', { name: 'Coursework' });
  const row = (title: string) => coursework.getByRole('listitem').filter({ hasText: title });
  await expect(row('Essay 2')).toContainText('Canvas: Submitted');
  await expect(row('Lab report')).toContainText('Canvas: Missing');
  await expect(row('Quiz 4')).toBeVisible();
  await expect(row('Quiz 4')).not.toContainText(/Canvas: (Graded|Submitted|Missing|Excused)/);
  await expect(
    coursework.getByRole('link', { name: /^Open in Canvas\s*: Quiz 4/ }),
  ).toHaveAttribute('href', `${canvas.url}/courses/101/quizzes/${base + 3}`);
  await expectNoAxeViolations(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: testInfo.outputPath(`next-steps-canvas-${widthOf(page)}-${scheme}.png`),
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await coursework.getByRole('button', { name: /^Mark done\s*: Quiz 4$/ }).click();
  await expect(row('Quiz 4')).toBeHidden();
  // Canvas holds the mark too: its planner override for the quiz is complete.
  await expect
    .poll(() =>
      [...canvas.state.overrides.values()].some(
        (o) => o.plannable_id === base + 3 && o.marked_complete,
      ),
    )
    .toBe(true);
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a student connects Canvas on Account, sees what Canvas has of each submission in Next Steps, and a Mark done reaches Canvas', async ({
    page,
  }, testInfo) => {
    await journey(page, 'Student', 2, testInfo);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a new student connects Canvas on Account, sees what Canvas has of each submission in Next Steps, and a Mark done reaches Canvas', async ({
    page,
  }, testInfo) => {
    await journey(page, 'New student', 3, testInfo);
  });
});
