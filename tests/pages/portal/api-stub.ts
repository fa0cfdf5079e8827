import { vi } from 'vitest';

/** How the stub answers one API path: a JSON answer (200 unless given), or never ('pending'). */
export type StubAnswer = { status?: number; json: unknown } | 'pending';

export interface StubbedRequest {
  method: string;
  path: string;
  /** The query, as sent: `?path=%2F&preview_role=faculty`. */
  search: string;
  body: unknown;
}

/**
 * Answers the page containers' API calls (`/api/<path>` on the page's origin) from a table keyed by
 * "METHOD path" or just "path" (any method), and records every request. Unknown paths answer 404.
 */
export function stubApi(answers: Record<string, StubAnswer>) {
  const requests: StubbedRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, '');
    const text = await request.text();
    requests.push({
      method: request.method,
      path,
      search: url.search,
      body: text ? JSON.parse(text) : undefined,
    });
    const answer = answers[`${request.method} ${path}`] ?? answers[path];
    if (answer === 'pending') return new Promise<Response>(() => {});
    const { status = 200, json } = answer ?? { status: 404, json: { detail: 'Not found.' } };
    return new Response(JSON.stringify(json), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, set: (key: string, answer: StubAnswer) => (answers[key] = answer) };
}
