import { expect, test } from './server.js';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

// Issue #28: Next Steps for everyone, student types from the record, finished settings screens.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/next-steps-${name}.png`, fullPage: true });

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName.toLowerCase() ?? null,
      id: el?.id ?? null,
      text: el?.textContent?.trim() ?? null,
      label: el instanceof HTMLInputElement ? (el.labels?.[0]?.textContent?.trim() ?? null) : null,
    };
  });

/** Nothing sticks out sideways, and the header's "Log out" lies wholly inside the window. */
async function expectNoOverflow(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
  const logout = page.getByRole('banner').getByRole('button', { name: 'Log out' });
  await expect(logout).toBeVisible();
  const box = await logout.boundingBox();
  if (!box) throw new Error('"Log out" is not laid out');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(inner);
  expect(box.height).toBeGreaterThanOrEqual(44);
}

async function height(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box.height;
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('staff with no student role see what Next Steps is and the way back, not the students’ tasks', async ({
      page,
    }) => {
      await signInAs(page, 'Staff', '/next-steps/');
      await expect(page).toHaveURL(/\/next-steps\/task$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Next Steps' })).toBeVisible();
      await expect(page.getByText(/Next Steps is the checklist students follow/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Up Next' })).toHaveCount(0);
      await expect(page.getByText('You have no tasks coming up soon.')).toHaveCount(0);
      await expect(page.getByText(/overdue task/)).toHaveCount(0);
      await expect(page.getByText('Submit your FAFSA')).toHaveCount(0);
      await expect(page.getByText('Upload immunization records')).toHaveCount(0);
      const nav = page.getByRole('navigation', { name: 'Next Steps' });
      await expect(nav.getByRole('link', { name: 'Affiliations' })).toHaveCount(0);
      await expectNoOverflow(page);
      await expectNoAxeViolations(page);
      await shot(page, `staff-${width}`);

      // From the keyboard: skip to the content, then the next stop is the way back.
      await page.keyboard.press('Tab');
      expect(await activeElement(page)).toMatchObject({ text: 'Skip to content' });
      await page.keyboard.press('Enter');
      expect(await activeElement(page)).toMatchObject({ id: 'main' });
      await page.keyboard.press('Tab');
      expect(await activeElement(page)).toMatchObject({
        tag: 'a',
        text: 'Back to the Campus Portal',
      });
      const back = page.getByRole('link', { name: 'Back to the Campus Portal' });
      expect(await height(back)).toBeGreaterThanOrEqual(44);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    });

    test('the student gets the checklist and the overdue announcement in the spec’s words, whose link opens the first overdue task', async ({
      page,
    }) => {
      await signInAs(page, 'Student', '/next-steps/');
      await expect(page.getByRole('heading', { level: 1, name: 'Up Next' })).toBeVisible();
      const list = page.getByRole('list', { name: 'Tasks' });
      await expect(list.getByRole('listitem').first()).toBeVisible();
      // next-steps.md §2's words, verbatim (issue 76).
      const announcement = page.getByText(
        /^You have \d+ overdue task\(s\)\. Click here to get started now$/,
      );
      await expect(announcement).toBeVisible();
      const link = announcement.getByRole('link', { name: 'Click here to get started now' });
      await expectNoOverflow(page);
      await expectNoAxeViolations(page);
      await shot(page, `list-${width}`);

      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/next-steps\/task\/\d+\?show=overdue$/);
      const detail = page.getByRole('article');
      await expect(detail.getByRole('heading', { level: 2 })).toBeVisible();
      await expectNoOverflow(page);
      await expectNoAxeViolations(page);
      await shot(page, `task-${width}`);
    });

    test('student types come from the record: the new student is a veteran and a transfer and gets their tasks', async ({
      page,
    }) => {
      await signInAs(page, 'New student', '/next-steps/affiliations');
      await expect(page.getByRole('heading', { level: 1, name: 'Affiliations' })).toBeVisible();
      for (const name of ['Undergraduate', 'First-Year', 'Transfer', 'Veteran'])
        await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Graduate', exact: true })).not.toBeChecked();
      await page
        .getByRole('navigation', { name: 'Next Steps' })
        .getByRole('link', { name: 'Tasks' })
        .click();
      const list = page.getByRole('list', { name: 'Tasks' });
      await expect(list.getByText('Certify your veteran education benefits')).toBeVisible();
      await expect(list.getByText('Have your transfer credits evaluated')).toBeVisible();
    });

    test('the graduate student worker is ticked Graduate, not Undergraduate', async ({ page }) => {
      await signInAs(page, 'Student worker', '/next-steps/affiliations');
      await expect(page.getByRole('checkbox', { name: 'Graduate', exact: true })).toBeChecked();
      await expect(
        page.getByRole('checkbox', { name: 'Undergraduate', exact: true }),
      ).not.toBeChecked();
    });

    test('the settings screens have one heading, a fieldset of 44 px rows with clickable labels, and show the saved state', async ({
      page,
    }) => {
      await signInAs(page, 'Student', '/next-steps/preferences');
      for (const [path, title, legend, choice] of [
        ['preferences', 'Notification preferences', 'Send me', 'Text message reminders'],
        ['affiliations', 'Affiliations', 'Groups you belong to', 'Online Learner'],
      ] as const) {
        await page
          .getByRole('navigation', { name: 'Next Steps' })
          .getByRole('link', { name: title === 'Affiliations' ? 'Affiliations' : 'Preferences' })
          .click();
        await expect(page).toHaveURL(new RegExp(`/next-steps/${path}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.getByRole('heading')).toHaveCount(1);
        const group = page.getByRole('group', { name: legend });
        await expect(group).toBeVisible();
        expect(await page.locator('legend').allTextContents()).not.toContain(title);

        // Every row is a label at least 44 px tall; rows do not touch.
        const rows = group.locator('label');
        const boxes = await rows.evaluateAll((labels) =>
          labels.map((l) => l.getBoundingClientRect().toJSON() as DOMRect),
        );
        expect(boxes.length).toBeGreaterThan(1);
        for (const [i, box] of boxes.entries()) {
          expect(box.height).toBeGreaterThanOrEqual(44);
          if (i > 0) expect(box.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom + 4);
        }

        // A click on the label's words (not the box) ticks it, and it is saved at once (one save
        // model, issue 43): the status line of its group, in view, says so.
        const checkbox = page.getByRole('checkbox', { name: choice, exact: true });
        const before = await checkbox.isChecked();
        await group.getByText(choice, { exact: true }).click();
        await expect(checkbox).toBeChecked({ checked: !before });
        const status = page
          .locator(
            '.choices [role="status"], .notify-settings__group:has([role="group"][aria-label], fieldset) [role="status"]',
          )
          .filter({ hasText: /./ });
        await expect(status).toHaveText('Saved.');
        await expect(status).toBeInViewport();
        await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
        await expectNoOverflow(page);
        await expectNoAxeViolations(page);
        await shot(page, `${path}-${width}`);

        // From the keyboard: Space on the focused box ticks it back, focus stays on it.
        await checkbox.focus();
        await page.keyboard.press('Space');
        await expect(checkbox).toBeChecked({ checked: before });
        expect(await activeElement(page)).toMatchObject({ tag: 'input', label: choice });
        await expect(status).toHaveText('Saved.');
        expect(await activeElement(page)).toMatchObject({ tag: 'input', label: choice });
      }
    });
  });
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('issue 43: the save status stays in view below the affiliations, and no row focused by Tab is hidden under it', async ({
    page,
  }) => {
    await signInAs(page, 'Student', '/next-steps/affiliations');
    const boxes = page.getByRole('group', { name: 'Groups you belong to' }).getByRole('checkbox');
    await expect(boxes.first()).toBeVisible();
    await boxes.first().press('Space');
    const status = page.locator('.choices [role="status"]');
    await expect(status).toHaveText('Saved.');
    await expect(status).toBeInViewport();
    await boxes.first().press('Space');
    await expect(status).toHaveText('Saved.');
    const count = await boxes.count();
    for (let i = 1; i < count; i += 1) {
      await page.keyboard.press('Tab');
      // The focused row and the status bar, in the viewport: the row stands clear of the bar.
      const { row, bar } = await page.evaluate(() => {
        const label = document.activeElement?.closest('label')?.getBoundingClientRect();
        const actions = document.querySelector('.choices__actions')?.getBoundingClientRect();
        return {
          row: label ? { top: label.top, bottom: label.bottom } : null,
          bar: actions ? { top: actions.top, bottom: actions.bottom } : null,
        };
      });
      expect(row).not.toBeNull();
      if (row && bar) expect(row.bottom <= bar.top + 1 || row.top >= bar.bottom - 1).toBe(true);
    }
  });

  test('issue 43: the task list scrolls with the page, not as a box inside it, and its last row can be read whole', async ({
    page,
  }) => {
    await signInAs(page, 'Student', '/next-steps/');
    const list = page.getByRole('list', { name: 'Tasks' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const box = await list.evaluate((el) => ({
      overflowY: getComputedStyle(el).overflowY,
      cut: el.scrollHeight - el.clientHeight,
    }));
    expect(box).toEqual({ overflowY: 'visible', cut: 0 });
    const last = list.getByRole('listitem').last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
  });

  test('no Next Steps page overflows, and "Log out" stays in view', async ({ page }) => {
    await signInAs(page, 'Student', '/next-steps/');
    const list = page.getByRole('list', { name: 'Tasks' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expectNoOverflow(page);
    await shot(page, 'list-320');
    await list.getByRole('link').first().click();
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible();
    await expectNoOverflow(page);
    await shot(page, 'task-320');
    for (const [link, name] of [
      ['Preferences', 'preferences'],
      ['Affiliations', 'affiliations'],
    ] as const) {
      await page
        .getByRole('navigation', { name: 'Next Steps' })
        .getByRole('link', { name: link })
        .click();
      await expect(page.getByRole('checkbox').first()).toBeVisible();
      await expectNoOverflow(page);
      await expectNoAxeViolations(page);
      await shot(page, `${name}-320`);
    }
  });

  test('staff who open Preferences or Affiliations by address land on the task screen that says what Next Steps is (issue 43)', async ({
    page,
  }) => {
    await signInAs(page, 'Staff', '/next-steps/');
    await expect(page.getByText(/Next Steps is the checklist students follow/)).toBeVisible();
    for (const path of ['/next-steps/preferences', '/next-steps/affiliations']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/next-steps\/task$/);
      await expect(page.getByText(/Next Steps is the checklist students follow/)).toBeVisible();
      await expect(page.getByRole('checkbox')).toHaveCount(0);
    }
    // The header links home with the portal's configured name.
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Campus Portal', exact: true }),
    ).toBeVisible();
  });

  test('staff see the empty state whole at 320 px', async ({ page }) => {
    await signInAs(page, 'Staff', '/next-steps/');
    await expect(page.getByRole('link', { name: 'Back to the Campus Portal' })).toBeVisible();
    await expectNoOverflow(page);
    await expectNoAxeViolations(page);
    await shot(page, 'staff-320');
  });
});
