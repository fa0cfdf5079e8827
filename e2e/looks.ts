import { expect } from '@playwright/test';
import type { Locator, Page, Route } from '@playwright/test';

/** What a button looks like to the eye and the pointer: its computed opacity and cursor. */
export async function lookOf(button: Locator) {
  return button.evaluate((el) => {
    const style = getComputedStyle(el);
    return { opacity: Number(style.opacity), cursor: style.cursor };
  });
}

/**
 * "Disabled and pending buttons look disabled" (issue 10): dimmed well below an enabled button and
 * refusing the pointer, where the same button enabled was neither.
 */
export async function expectLooksDisabled(
  button: Locator,
  enabled: { opacity: number; cursor: string },
) {
  expect(enabled.opacity).toBe(1);
  expect(enabled.cursor).not.toBe('not-allowed');
  const look = await lookOf(button);
  expect(look.opacity).toBeLessThanOrEqual(0.7);
  expect(look.cursor).toBe('not-allowed');
}

/**
 * Holds the requests to `url` with `method` until `release` is called, then answers them with
 * `status` (an error: nothing is saved, so later journeys meet the store as it was).
 */
export async function holdRequests(page: Page, url: string | RegExp, method: string) {
  const held: Route[] = [];
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    held.push(route);
  });
  return {
    arrived: () => expect.poll(() => held.length).toBeGreaterThan(0),
    release: async (status = 500) => {
      for (const route of held.splice(0)) {
        await route.fulfill({ status, contentType: 'application/json', body: '{}' });
      }
    },
  };
}
