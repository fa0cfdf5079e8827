import { expect, test } from './drawn-page.js';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';

/**
 * View as a student (issue 73), end to end: support (here the demo Staff person, a superuser through
 * the staff group, who holds Support) finds Ana Valencia on `/admin/view-as`, gives a reason and
 * starts; reads the dashboard, Academics, Account and Next Steps with the bar on every page; five
 * changes are refused by the server with the reason and the controls say read only; End returns to
 * the view-as page. The student's unread counts, task states and settings are unchanged, and their
 * Account lists the view with its reason. axe on the new pages at 320, 390 and 1280 px, light and
 * dark, English and Spanish.
 */

let server: FileServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startFileServer('view-as', { SUPERUSER_GROUPS: 'portal-staff' });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(
  browser: Browser,
  persona: string,
  next: string,
  options: { width?: number; locale?: string; dark?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: options.locale ?? 'en-US',
    colorScheme: options.dark ? 'dark' : 'light',
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/auth/login?next=${encodeURIComponent(next)}`);
  // The sign-in page speaks the browser's language (its persona names too): the persona's button by
  // the sample person it signs in ("New student" → new-student).
  const id = persona.toLowerCase().replaceAll(' ', '-');
  await page.locator(`button[name="persona"][value="${id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`));
  return page;
}

/** The student's own records as the API answers them: what must not change. */
async function recordsOf(page: Page) {
  return page.evaluate(async () => {
    const user = (await (await fetch('/api/users/user')).json()) as {
      auth_token: string;
      preferences: unknown;
    };
    const headers = { authorization: `Token ${user.auth_token}` };
    const read = async (url: string) => (await fetch(url, { headers })).text();
    return {
      preferences: JSON.stringify(user.preferences),
      messages: await read('/api/notifications/user'),
      tasks: await read('/next-steps/api/user_task/?published=True'),
    };
  });
}

test('support views as a student with a reason, reads four pages, five changes are refused, ends; the student’s records are unchanged and their Account lists the view', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const student = await signedIn(browser, 'Student', '/');
  const before = await recordsOf(student);

  const staff = await signedIn(browser, 'Staff', '/admin/view-as');
  await expect(staff.getByRole('heading', { level: 1, name: 'View as a student' })).toBeVisible();
  await staff.getByLabel('Username, student number or name').fill('Valencia');
  await staff.getByRole('button', { name: 'Find' }).click();
  await staff.getByRole('link', { name: 'View as Ana Valencia' }).click();
  await staff.getByLabel('Reason (required)').fill('She cannot find her registration hold');
  await staff.getByLabel('Ticket number (optional)').fill('HD-2001');
  await staff.getByRole('button', { name: 'Start' }).click();
  await expect(staff).toHaveURL(`${server.url}/`);

  const bar = staff.getByRole('region', { name: 'View as' });
  await expect(bar).toContainText('Viewing as Ana Valencia (read only)');
  await expect(bar).toContainText(/(29|30) minutes left/);
  // First in keyboard order: the bar's End before the skip link.
  await staff.keyboard.press('Tab');
  await expect(staff.getByRole('button', { name: 'End the view as Ana Valencia' })).toBeFocused();
  await expectNoAxeViolations(staff);

  for (const path of ['/academics', '/account', '/next-steps/task']) {
    await staff.goto(`${server.url}${path}`);
    await expect(staff.getByRole('region', { name: 'View as' })).toContainText('Ana Valencia');
  }
  await staff.goto(`${server.url}/account`);
  await expect(staff.getByText('Read only while you view as this student.').first()).toBeVisible();

  // Five changes, each refused by the server with its reason.
  const refused = await staff.evaluate(async () => {
    const user = (await (await fetch('/api/users/user')).json()) as {
      auth_token: string;
      preferences: { pk: number };
    };
    const headers = {
      authorization: `Token ${user.auth_token}`,
      'content-type': 'application/json',
    };
    const pk = user.preferences.pk;
    const calls: Array<[string, string, unknown]> = [
      ['PATCH', `/api/preferences/${pk}`, { pk, theme: 'dark' }],
      ['PATCH', '/api/notifications/1', { read: true }],
      ['PATCH', '/next-steps/api/user_task/1/', { starred: true }],
      ['POST', '/api/calendar/subscription', {}],
      ['POST', '/api/users/roles', {}],
    ];
    return Promise.all(
      calls.map(async ([method, url, body]) => {
        const response = await fetch(url, { method, headers, body: JSON.stringify(body) });
        return { status: response.status, body: (await response.json()) as { detail?: string } };
      }),
    );
  });
  for (const answer of refused) {
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toMatch(/read only/i);
  }

  await staff.goto(`${server.url}/`);
  await staff.getByRole('button', { name: 'End the view as Ana Valencia' }).click();
  await expect(staff).toHaveURL(/\/admin\/view-as\?done=ended$/);
  await expect(staff.getByRole('status')).toHaveText('The view ended.');

  expect(await recordsOf(student)).toEqual(before);
  await student.goto(`${server.url}/account`);
  const views = student.getByRole('region', { name: 'Who has seen your portal' });
  await expect(views).toContainText('Reason: She cannot find her registration hold');
  await expect(views).toContainText('Viewed by IT Help Desk');
});

for (const width of [320, 390, 1280]) {
  for (const dark of [false, true]) {
    for (const locale of ['en-US', 'es-ES']) {
      test(`at ${width} px, ${dark ? 'dark' : 'light'}, ${locale}: the view-as page, the bar and the student's list pass axe`, async ({
        browser,
      }) => {
        test.slow();
        // The new student signs in once, so the portal knows them by username.
        const known = await signedIn(browser, 'New student', '/');
        await known.context().close();
        const staff = await signedIn(browser, 'Staff', '/admin/view-as', { width, dark, locale });
        await expectNoAxeViolations(staff);
        await staff.goto(`${server.url}/admin/view-as?person=jokafor`);
        await expectNoAxeViolations(staff);
        await staff.getByLabel('Reason (required)').fill('Checking the new-student checklist');
        await staff.getByRole('button', { name: 'Start' }).click();
        await expect(staff).toHaveURL(`${server.url}/`);
        const bar = staff.locator('.view-as-bar');
        await expect(bar).toBeVisible();
        await expectNoAxeViolations(staff);
        const overflow = await staff.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth,
        );
        expect(overflow).toBe(false);
        await staff.goto(`${server.url}/account`);
        await expect(staff.locator('#portal-views')).toBeVisible();
        await expectNoAxeViolations(staff);
        await staff.goto(`${server.url}/next-steps/task`);
        await expect(bar).toBeVisible();
        await expectNoAxeViolations(staff);
        await bar.getByRole('button').click();
        await expect(staff).toHaveURL(/\/admin\/view-as\?done=ended$/);
        await staff.context().close();
      });
    }
  }
}

test("the bar speaks the viewer's language, not the student's: a Spanish-reading support person on Ana's English portal, at 320 px, light and dark", async ({
  browser,
}, testInfo) => {
  test.slow();
  // The student reads the portal in English, chosen on Account.
  const student = await signedIn(browser, 'Student', '/account');
  const english = student.getByRole('radio', { name: 'English' });
  if (!(await english.isChecked())) {
    await english.check();
    await expect(student.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  }
  await student.context().close();

  // The support person's browser reads Spanish; they chose no language of their own.
  const staff = await signedIn(browser, 'Staff', '/admin/view-as', { width: 320, locale: 'es-ES' });
  await staff.goto(`${server.url}/admin/view-as?person=avalencia`);
  await staff.getByLabel('Reason (required)').fill('No encuentra su retención de matrícula');
  await staff.getByRole('button', { name: 'Start' }).click();
  await expect(staff).toHaveURL(`${server.url}/`);
  const bar = staff.getByRole('region', { name: 'Ver como' });
  await expect(bar).toContainText('Viendo como Ana Valencia (solo lectura)');
  await expect(bar).toContainText(/quedan (29|30) minutos/);
  await expect(bar).toHaveAttribute('lang', 'es');
  // The page around it is the student's, in English.
  await expect(staff.locator('html')).toHaveAttribute('lang', 'en');
  await expect(staff.getByRole('button', { name: 'Customise' })).toBeVisible();
  // First in keyboard order.
  await staff.keyboard.press('Tab');
  await expect(
    bar.getByRole('button', { name: 'Terminar la vista como Ana Valencia' }),
  ).toBeFocused();

  // It fits at 320 px: nothing runs out of it or under the screen's edge, End is what shows at its
  // place, and the page starts below it.
  const fit = await staff.evaluate(() => {
    const box = document.querySelector('.view-as-bar')!;
    const end = box.querySelector('button')!.getBoundingClientRect();
    const top = document.elementFromPoint(end.left + end.width / 2, end.top + end.height / 2);
    const first = document.querySelector('main, .app-frame, #root > :not(.view-as-bar)');
    return {
      overflow: document.documentElement.scrollWidth > window.innerWidth,
      cut: box.scrollWidth > box.clientWidth,
      endInside: end.left >= 0 && end.right <= window.innerWidth,
      endShown: top !== null && box.querySelector('button')!.contains(top),
      below:
        (first?.getBoundingClientRect().top ?? Infinity) >= box.getBoundingClientRect().bottom - 1,
    };
  });
  expect(fit).toEqual({
    overflow: false,
    cut: false,
    endInside: true,
    endShown: true,
    below: true,
  });
  await expectNoAxeViolations(staff);
  for (const scheme of ['light', 'dark'] as const) {
    await staff.emulateMedia({ colorScheme: scheme });
    await staff.screenshot({ path: testInfo.outputPath(`view-as-bar-es-320-${scheme}.png`) });
  }
  await staff.emulateMedia({ colorScheme: 'light' });

  // Next Steps: the same bar, in the viewer's Spanish.
  await staff.goto(`${server.url}/next-steps/task`);
  await expect(bar).toContainText('Viendo como Ana Valencia (solo lectura)');
  await expectNoAxeViolations(staff);
  await bar.getByRole('button').click();
  await expect(staff).toHaveURL(/\/admin\/view-as\?done=ended$/);
  await staff.context().close();
});

test('at 390 px the bar never covers what the keyboard focuses: the skip link and the controls down Account and back up, each clear of the bar (issue 87)', async ({
  browser,
}) => {
  test.slow();
  // The student signs in once, so the portal knows them by username.
  const student = await signedIn(browser, 'Student', '/');
  await student.context().close();
  const staff = await signedIn(browser, 'Staff', '/admin/view-as', { width: 390 });
  await staff.goto(`${server.url}/admin/view-as?person=avalencia`);
  await staff.getByLabel('Reason (required)').fill('Checking her settings on a phone');
  await staff.getByRole('button', { name: 'Start' }).click();
  await expect(staff).toHaveURL(`${server.url}/`);
  await staff.goto(`${server.url}/account`);
  const bar = staff.getByRole('region', { name: 'View as' });
  await expect(bar).toBeVisible();
  await expect(staff.getByRole('group', { name: 'Theme' })).toBeVisible();
  // End beside the words on a phone: 88 px, where it was the words' two rows over End, 108 px.
  expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(90);

  /** Where the focused element stands against the bar, once the browser has scrolled it in. */
  const focusedAgainstBar = () =>
    staff.evaluate(() => {
      const bar = document.querySelector('.view-as-bar')!.getBoundingClientRect();
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || focused === document.body) return null;
      const box = focused.getBoundingClientRect();
      return {
        what: `${focused.tagName.toLowerCase()} ${(focused.textContent ?? '').trim().slice(0, 40) || focused.getAttribute('aria-label') || focused.id}`,
        inBar: document.querySelector('.view-as-bar')!.contains(focused),
        shown: box.width > 0 && box.height > 0,
        clear: box.top >= bar.bottom - 1 || box.bottom <= bar.top,
        at: `top ${Math.round(box.top)}, the bar's bottom ${Math.round(bar.bottom)}`,
      };
    });

  // Down the page from its top: End (in the bar), the skip link, then the controls after it.
  const seen: string[] = [];
  await staff.evaluate(() => window.scrollTo(0, 0));
  await staff.locator('body').focus();
  for (let step = 0; step < 14; step += 1) {
    await staff.keyboard.press('Tab');
    const at = await focusedAgainstBar();
    if (!at || at.inBar || !at.shown) continue;
    seen.push(at.what);
    expect(at.clear, `${at.what} is under the bar (${at.at})`).toBe(true);
  }
  expect(seen.some((what) => /Skip to content/.test(what))).toBe(true);
  expect(seen.length).toBeGreaterThanOrEqual(8);

  // Back up from the foot of the page: what Shift+Tab reaches above the window scrolls in clear too.
  await staff.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await staff
    .getByRole('link', { name: /Log out/ })
    .last()
    .focus();
  for (let step = 0; step < 14; step += 1) {
    await staff.keyboard.press('Shift+Tab');
    const at = await focusedAgainstBar();
    if (!at || at.inBar || !at.shown) continue;
    expect(at.clear, `${at.what} is under the bar (${at.at})`).toBe(true);
  }
  await staff.context().close();
});
