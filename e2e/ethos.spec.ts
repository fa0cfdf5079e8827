import { expect, test } from './drawn-page.js';
import type { Page } from '@playwright/test';
import { ETHOS_KEY, FakeEthos } from '../tests/fake-ethos/fake-ethos.js';
import { expectNoAxeViolations } from './axe.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';

/**
 * Issue 58, end to end: a portal server with SIS_ADAPTER=ethos reads the Ethos test double
 * (`tests/fake-ethos/`, on a free port), and the demo Student (whose username the double's student
 * holds) sees the records Ethos holds — not the sample ones — on the dashboard, Academics, Finances
 * and Account: the week with times in the campus zone (the evening class Ethos keeps on Tuesday and
 * Thursday UTC is Monday and Wednesday in Portland), grades, GPA, advisor, hold and balance; the
 * dropped class is nowhere; neither the API key nor a token Ethos issued reaches the browser.
 */

let fake: FakeEthos;
let server: FileServer;

/**
 * The fall term (and its classes) lasting at least until next week, so the journey runs on any date;
 * last spring (the double's past term, with grades and no registrations) stays where it is.
 */
function termHoldingToday(data: FakeEthos['data']) {
  const until = (date: string) => {
    const soon = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    return date.slice(0, 10) > soon ? date.slice(0, 10) : soon;
  };
  const [, fall] = data['academic-periods'];
  if (!fall) throw new Error('the double has no fall term');
  fall.endOn = `${until(fall.endOn)}T00:00:00Z`;
  // A later term a stretched fall reaches must not share today with it.
  for (const later of data['academic-periods']) {
    if (later.startOn > fall.startOn && later.startOn <= fall.endOn)
      Object.assign(later, { startOn: '2999-01-04T00:00:00Z', endOn: '2999-05-07T00:00:00Z' });
  }
  for (const section of data.sections) {
    if (section.academicPeriod.id === fall.id) section.endOn = until(section.endOn);
  }
  for (const event of data['instructional-events']) {
    event.recurrence.repeatRule.ends.date = until(event.recurrence.repeatRule.ends.date);
  }
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  fake = await FakeEthos.start();
  fake.maxPageSize = 25;
  termHoldingToday(fake.data);
  server = await startFileServer('ethos', {
    SIS_ADAPTER: 'ethos',
    ETHOS_BASE_URL: fake.url,
    ETHOS_API_KEY: ETHOS_KEY,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

/** What the browser received must hold neither the key nor a token's `{"alg":"none"}` header. */
const tokenHead = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
function collectAnswers(page: Page): Promise<string>[] {
  const answers: Promise<string>[] = [];
  page.on('response', (response) => answers.push(response.text().catch(() => '')));
  return answers;
}
async function expectNoSecret(page: Page, answers: Promise<string>[]) {
  for (const text of [...(await Promise.all(answers)), await page.content()]) {
    expect(text).not.toContain(ETHOS_KEY);
    expect(text).not.toContain(tokenHead);
  }
  await expect(page.getByText('World History')).toHaveCount(0);
}

for (const width of [390, 1280]) {
  test(`a student's first sign-in reads their Ethos records at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const answers = collectAnswers(page);
    await page.goto(`${server.url}/auth/login?next=/`);
    await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();

    // The dashboard: Ethos's student number (the sample's is 900000001), program and hold.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Profile summary' });
    await expect(summary.getByText('900123456')).toBeVisible();
    await expect(summary.getByText('Computer Science, BS')).toBeVisible();
    await expect(summary.getByText('Past-due balance')).toBeVisible();
    await expect(page.getByTestId('block-todays-classes')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSecret(page, answers);

    await page.getByRole('navigation').getByRole('link', { name: 'Academics' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'GPA' }).getByText('3.42')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Standing' }).getByText('Good Standing'),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Advisors' }).getByText('Alex Smith'),
    ).toBeVisible();
    const grades = page.getByRole('region', { name: 'Grades' });
    // The latest past term with grades first: last spring's, from its transcript grades alone.
    await expect(grades.getByRole('row', { name: /MTH 111 Precalculus A- / })).toBeVisible();
    await expect(
      grades.getByRole('row', { name: /WR 115 Introduction to College Writing B\+ / }),
    ).toBeVisible();
    await grades.getByRole('combobox', { name: 'Term' }).selectOption('202604');
    await expect(grades.getByRole('row', { name: /MTH 251 Calculus I A / })).toBeVisible();
    await expect(
      grades.getByRole('row', { name: /CS 161 Introduction to Programming B\+ / }),
    ).toBeVisible();
    const week = page.getByRole('region', { name: /This week's classes/ });
    const monday = week.getByRole('region', { name: 'MON Monday' });
    await expect(monday.getByText('9:00 AM – 10:50 AM')).toBeVisible();
    await expect(monday.getByText('6:00 PM – 7:50 PM')).toBeVisible();
    // A class meets on more than one day of the week: each of its days lists it.
    await expect(week.getByText('CS 161 Introduction to Programming').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSecret(page, answers);

    await page.goto(`${server.url}/finances`);
    await expect(page.getByText('$1,250.50').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${server.url}/account`);
    const holds = page.getByRole('region', { name: 'Holds' });
    await expect(holds.getByText('Balance over 90 days')).toBeVisible();
    await expect(holds.getByText('Student Accounts')).toBeVisible();
    await expect(holds.getByText('Oct 1, 2026')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSecret(page, answers);
  });
}
