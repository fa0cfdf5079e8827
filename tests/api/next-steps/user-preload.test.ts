import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createHttp } from '../../../src/api/client.js';
import { fetchNextStepsUser } from '../../../src/api/next-steps/next-steps.js';

const ORIGIN = 'https://portal.example.edu';

/** The request the Next Steps app makes for the person's record, as its HTTP client sends it. */
async function userRequest(): Promise<Request> {
  let sent: Request | undefined;
  const http = createHttp({
    baseUrl: `${ORIGIN}/next-steps/api`,
    fetch: async (input, init) => {
      sent = new Request(input, init);
      return Response.json(
        { detail: 'Authentication credentials were not provided.' },
        { status: 401 },
      );
    },
  });
  await fetchNextStepsUser(http);
  if (!sent) throw new Error('the user call sent nothing');
  return sent;
}

describe("the Next Steps page asks for the person's record with itself (issue 63)", () => {
  it("its preload is the app's own first request, so the browser answers that request with it", async () => {
    const { document } = new JSDOM(readFileSync('next-steps/index.html', 'utf8')).window;
    if (!document) throw new Error('jsdom gave no document');
    const preloads = [...document.querySelectorAll('link[rel="preload"][as="fetch"]')];
    const request = await userRequest();
    const preload = preloads.find(
      (link) => new URL(link.getAttribute('href') ?? '', ORIGIN).href === request.url,
    );
    expect(preload, `no preload for ${request.url}`).toBeDefined();
    // A preload is used only by a request of the same credentials mode: the call sends the cookie.
    expect(request.credentials).toBe('include');
    expect(preload?.getAttribute('crossorigin')).toBe('use-credentials');
    expect(request.method).toBe('GET');
  });
});
