import { expect, untilTakenOver, test } from './drawn-page.js';
import type { Page } from '@playwright/test';
import { ETHOS_KEY, FakeEthos } from '../tests/fake-ethos/fake-ethos.js';
import { ID } from '../tests/fake-ethos/fixture-ids.js';
import { expectNoAxeViolations } from './axe.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';

/**
 * Issue 74, end to end on the Ethos adapter: a portal server (SIS_ADAPTER=ethos, ETHOS_CONSUME=1)
 * polls the Ethos test double's change notifications every 20 s. A hold is added to the student in
 * the double: within 90 seconds the bell has "A hold was added: Past-due balance" and the change
 * rule's task is in Next Steps; the hold is removed: the task is done, "Completed: Student Accounts
 * removed this hold" (the student cannot undo it), and a second message says so. axe on the new
 * messages at 320, 390 and 1280 px, light and dark, English and Spanish.
 */

let fake: FakeEthos;
let server: FileServer;
type Hold = FakeEthos['data']['person-holds'][number];
let arHold: Hold | undefined;

const WIDTHS = [320, 390, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;
const ADDED = 'A hold was added: Past-due balance';
const REMOVED = 'A hold was removed: Past-due balance';
const TASK = 'Pay your past-due balance';
/** The hold's office (a financial hold's, in the campus's Ethos hold categories) removed it. */
const COMPLETED = 'Completed: Student Accounts removed this hold';
/** The poll's period is 20 s: a change is told within 90 s of its notification. */
const WITHIN = 90_000;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  fake = await FakeEthos.start();
  // The student starts without the past-due balance hold.
  const holds = fake.data['person-holds'];
  const at = holds.findIndex((h) => h.id === ID.financialHold);
  arHold = holds[at];
  if (at >= 0) holds.splice(at, 1);
  server = await startFileServer('record-changes', {
    SIS_ADAPTER: 'ethos',
    ETHOS_BASE_URL: fake.url,
    ETHOS_API_KEY: ETHOS_KEY,
    ETHOS_CONSUME: '1',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

async function signedIn(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${server.url}/auth/login?next=/messages`);
  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await untilTakenOver(page);
}

/** The double's reads of the student's holds so far (the portal's comparisons read them). */
const holdReads = () => fake.calls.filter((c) => c.url.includes('person-holds')).length;

/** Reloads Messages until `title` is there (the consumer polls every 20 s). */
async function messageArrives(page: Page, title: string) {
  await expect(async () => {
    await page.goto(`${server.url}/messages`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: WITHIN, intervals: [3_000] });
}

test("a hold added in Ethos reaches the bell and opens the rule's task; removed, the task is completed by the record and a second message says so", async ({
  page,
}) => {
  test.setTimeout(5 * 60_000);
  if (!arHold) throw new Error('the double has no past-due balance hold');
  await signedIn(page, 390);
  // The student's baseline: the first comparison (a notification naming them) raises nothing.
  const before = holdReads();
  fake.publish('persons', ID.student, { id: ID.student }, 'updated');
  await expect.poll(holdReads, { timeout: WITHIN, intervals: [1_000] }).toBeGreaterThan(before);
  await expect.poll(() => fake.pendingChanges(), { timeout: 10_000 }).toBe(0);
  await page.waitForTimeout(1_000);

  const added = Date.now();
  fake.data['person-holds'].push(arHold);
  fake.publish('person-holds', ID.financialHold, { person: { id: ID.student } }, 'created');
  await messageArrives(page, ADDED);
  expect(Date.now() - added).toBeLessThanOrEqual(WITHIN);
  const bell = page.getByRole('link', { name: /^Messages, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await expect(page.getByRole('heading', { name: REMOVED })).toHaveCount(0);

  // The rule's task in Next Steps.
  await page.goto(`${server.url}/next-steps/`);
  const list = page.getByRole('list', { name: 'Tasks' });
  await expect(list.getByRole('link', { name: new RegExp(TASK) })).toBeVisible();
  await expectNoAxeViolations(page);

  // The hold removed in Ethos: a second message, and the task done by the record.
  const removed = Date.now();
  fake.data['person-holds'].splice(fake.data['person-holds'].indexOf(arHold), 1);
  fake.publish('person-holds', ID.financialHold, { person: { id: ID.student } }, 'deleted');
  await messageArrives(page, REMOVED);
  expect(Date.now() - removed).toBeLessThanOrEqual(WITHIN);
  await expect(page.getByRole('heading', { name: ADDED })).toHaveCount(1);

  await page.goto(`${server.url}/next-steps/task?show=done`);
  await expect(page.getByRole('heading', { level: 1, name: 'Done' })).toBeVisible();
  await expect(list.getByText(TASK, { exact: true })).toBeVisible();
  await expect(list.getByText(COMPLETED, { exact: true })).toBeVisible();
  await list.getByRole('link', { name: new RegExp(TASK) }).click();
  const detail = page.getByRole('article');
  await expect(detail.getByText(new RegExp(COMPLETED))).toBeVisible();
  // The student cannot undo a completion their record made.
  await expect(detail.getByRole('button', { name: 'Mark not done' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expectNoAxeViolations(page);
});

for (const width of WIDTHS) {
  test(`at ${width} px the change messages pass axe in light and dark, in English and Spanish`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signedIn(page, width);
    const check = async (language: string, added: string, removed: string) => {
      await expect(page.getByRole('heading', { name: added })).toBeVisible();
      await expect(page.getByRole('heading', { name: removed })).toBeVisible();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
          `Messages overflow at ${width} px`,
        ).toBe(false);
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: testInfo.outputPath(`record-changes-${language}-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    };
    await check('en', ADDED, REMOVED);
    await page.goto(`${server.url}/account`);
    await page.getByRole('radio', { name: 'Español' }).check();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.goto(`${server.url}/messages`);
    await check(
      'es',
      'Se agregó una retención: Past-due balance',
      'Se quitó una retención: Past-due balance',
    );
    await page.goto(`${server.url}/account`);
    await page.getByRole('radio', { name: 'English' }).check();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
}
