/**
 * Every read of the portal's and Next Steps' APIs that is not a kept or public read (kept-answers.ts)
 * goes to the network as ever and is never kept. Its answer is heard for what it says of the session
 * (issue 71, kept-session.ts): a 401, or another session's marker, drops what was kept at once, not
 * at the next kept read. Changes (POST, PUT, PATCH, DELETE) are left to the browser: the app reads
 * again after each, and those reads are heard.
 */
import type { WorkboxPlugin } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { afterAnyAnswer } from './kept-answers.js';

const API = /^\/(api|next-steps\/api)\//;

/** Registered after the kept and public reads' routes, which answer theirs first. */
export function hearOtherApiCalls(caches: CacheStorage): void {
  const sessionNews: WorkboxPlugin = {
    fetchDidSucceed: async ({ response }) => {
      await afterAnyAnswer(caches, response);
      return response;
    },
  };
  registerRoute(
    ({ request, url, sameOrigin }) =>
      sameOrigin && request.mode !== 'navigate' && API.test(url.pathname),
    new NetworkOnly({ plugins: [sessionNews] }),
  );
}
