import type { Page } from '@playwright/test';
import { expect, test } from './server.js';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';
import { z } from 'zod';
import { meetingSchema } from '../contract/sis/schedule.schema.js';
import { studentSchedule } from '../server/sis/fixtures/student-academics.js';
import { addDays, campusInstant } from '../server/time.js';

/**
 * Issue 89, the campus map (`/map`): every building the campus lists, found by code and name in
 * both languages, today's classes' buildings first; a list with links (no map tiles), reached from
 * Resources and the portal search, searchable with scripts off, and kept for offline.
 *
 * The browser's clock is a Monday the sample student's CS 161 meets (at 10:00, in the Engineering
 * Building), derived from the sample schedule rather than written here, so the journey holds on any
 * date. The list is read in the browser (the page is reached by a link), so the browser's day is the
 * one marked.
 */
const MONDAY = meetingDay('CS', '161', 'M');

/** The last day of its term the sample student's `subject number` meets on `day`, an hour before. */
function meetingDay(subject: string, number: string, day: string): Date {
  // The fixture read through the contract's meeting shape (its own type is the SIS adapter's input).
  const sample: unknown = studentSchedule;
  const meeting = Object.values(z.record(z.string(), z.array(meetingSchema)).parse(sample))
    .flat()
    .find((m) => m.SUBJECTCODE === subject && m.COURSENUMBER === number && m.DAYS.includes(day));
  if (!meeting?.STARTTIME) throw new Error(`the sample schedule has no ${subject} ${number}`);
  const weekday = 'UMTWRFS'.indexOf(day);
  let date = meeting.ENDDATE;
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== weekday) date = addDays(date, -1);
  if (date < meeting.STARTDATE) throw new Error(`${subject} ${number} never meets on ${day}`);
  const [hour = '10', minute = '00'] = meeting.STARTTIME.split(':');
  const before = `${String(Number(hour) - 1).padStart(2, '0')}:${minute}`;
  return campusInstant(date, before, 'America/Los_Angeles');
}

const buildings = (page: Page) => page.locator('.campus-map__list > li');
/** The map's own search field (the toolbar's search box is a search field too). */
const mapField = (page: Page) => page.locator('#campus-map-q');

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("from Resources to the campus map: today's class's building first, a search by code and by name, no match said", async ({
  page,
}, testInfo) => {
  await page.clock.setFixedTime(MONDAY);
  await signInAs(page, 'Student', '/resources');
  await page.getByRole('link', { name: 'Campus map', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campus map' })).toBeVisible();
  const first = buildings(page).first();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText('Engineering Building (EB)');
  await expect(first).toContainText(/Today: CS 161, 10:00\s?AM/);
  await expect(first).toContainText('Accessible entrance: Step-free entrance on SW 4th Avenue.');
  await expect(first.getByRole('link', { name: /^Map ?: Engineering Building/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=45\.5092&mlon=-122\.6813/,
  );
  await expect(
    first.getByRole('link', { name: /^Directions ?: Engineering Building/ }),
  ).toBeVisible();
  expect(await buildings(page).count()).toBe(12);

  const search = page.getByRole('searchbox', { name: 'Find a building by its name or code' });
  await search.fill('ch');
  await expect(page).toHaveURL(/\/map\?q=ch$/);
  await expect(buildings(page).getByRole('heading', { name: 'Cramer Hall (CH)' })).toBeVisible();
  await search.fill('karl miller');
  await expect(buildings(page)).toHaveCount(1);
  await expect(buildings(page).first()).toContainText('Karl Miller Center (KMC)');
  await search.fill('nowhere');
  await expect(page.getByText('No building matches “nowhere”.')).toBeVisible();
  await expect(buildings(page)).toHaveCount(0);

  for (const [width, scheme] of [
    [320, 'light'],
    [390, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await search.fill('');
    await expect(buildings(page)).toHaveCount(12);
    await expectNoAxeViolations(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`map-${width}-${scheme}.png`) });
  }
});

test('the portal search finds the campus map and a building by its code', async ({ page }) => {
  await signInAs(page, 'Student', '/search?q=map');
  await expect(page.getByRole('link', { name: /^Campus map/ }).first()).toHaveAttribute(
    'href',
    '/map',
  );
  await page.goto('/search?q=cramer');
  await page
    .getByRole('link', { name: /^Cramer Hall \(CH\)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/map\?q=CH$/);
  await expect(buildings(page).first()).toContainText('Cramer Hall (CH)');
});

test('in Spanish: a building by its code and by its Spanish name, accents or not, axe 0', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'Student', '/account');
  await page.getByRole('radio', { name: 'Español' }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.goto('/map?q=EB');
  await expect(page.getByRole('heading', { level: 1, name: 'Mapa del campus' })).toBeVisible();
  await expect(buildings(page)).toHaveCount(1);
  await expect(buildings(page).first()).toContainText('Edificio de Ingeniería (EB)');
  await expect(buildings(page).first()).toContainText(
    'Entrada accesible: Entrada sin escalones por la SW 4th Avenue.',
  );
  await expect(
    buildings(page)
      .first()
      .getByRole('link', { name: /^Cómo llegar ?: Edificio de Ingeniería/ }),
  ).toBeVisible();
  await mapField(page).fill('ingenieria');
  await expect(buildings(page)).toHaveCount(1);
  await mapField(page).fill('zzz');
  await expect(page.getByText('Ningún edificio coincide con “zzz”.')).toBeVisible();
  await mapField(page).fill('');
  await expectNoAxeViolations(page);
  await page.goto('/account');
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });
  test('the server draws the list, and the search form sends ?q=', async ({ page }) => {
    await signInAs(page, 'Student', '/map?q=library', false);
    // A process's first render may be a cold one, sent undrawn: the next is drawn.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await buildings(page).first().isVisible()) break;
      await page.goto('/map?q=library');
    }
    await expect(buildings(page)).toHaveCount(1);
    await expect(buildings(page).first()).toContainText('Millar Library');
    await mapField(page).fill('cramer');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/map\?q=cramer$/);
    await expect(buildings(page)).toHaveCount(1);
    await expect(buildings(page).first()).toContainText('Cramer Hall (CH)');
  });
});

test("offline after one visit: Today's Classes still shows the next class's building with its Map, and the campus map still lists every building", async ({
  page,
  context,
}) => {
  await page.clock.setFixedTime(MONDAY);
  await signInAs(page, 'Student', '/');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/);
  // One visit of each, online.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Today's Classes" })).toBeVisible();
  await page.goto('/map');
  await expect(buildings(page)).toHaveCount(12);

  await context.setOffline(true);
  await page.goto('/');
  const today = page.getByRole('region', { name: "Today's Classes" });
  await expect(today).toContainText('CS 161');
  await expect(today.getByText('Engineering Building 102')).toBeVisible();
  await expect(today.getByRole('link', { name: /^Map ?: Engineering Building/ })).toHaveAttribute(
    'href',
    /mlat=45\.5092&mlon=-122\.6813/,
  );
  await page.goto('/map');
  await expect(page.getByRole('status').filter({ hasText: /^Offline —/ })).toBeVisible();
  await expect(buildings(page)).toHaveCount(12);
  await expect(buildings(page).first()).toContainText('Engineering Building (EB)');
  await expect(buildings(page).first()).toContainText(/Today: CS 161, 10:00\s?AM/);
  await context.setOffline(false);
});
