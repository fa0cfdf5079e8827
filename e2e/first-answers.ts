import type { Page } from '@playwright/test';

/**
 * From now on, the pages the browser opens carry no first answers (issue 63): the app asks the API
 * for the status, the user and its first reads, as from a page the server answered with a cold cache,
 * so a journey can make those calls fail. Navigations only; needs `serviceWorkers: 'block'` (a page
 * the service worker fetches is not seen by `page.route`).
 */
export async function withoutFirstAnswers(page: Page) {
  await page.route('**/*', async (route) => {
    if (!route.request().isNavigationRequest()) return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /<script type="application\/json" id="first-answers">[^<]*<\/script>/,
      '',
    );
    return route.fulfill({ response, body });
  });
}
