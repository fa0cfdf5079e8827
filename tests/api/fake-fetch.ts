import { createHttp } from '../../src/api/client.js';

export interface Seen {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

/** An Http client whose fetch answers `answer` (status 200 unless given) and records each request. */
export function fakeHttp(answer: unknown, status = 200) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    seen.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get('authorization'),
      body: text ? JSON.parse(text) : undefined,
    });
    return new Response(JSON.stringify(answer), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const http = createHttp({ baseUrl: 'http://portal.test/api', getToken: () => 'tok', fetch });
  return { http, seen };
}
