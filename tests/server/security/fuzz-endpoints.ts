import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../contract/error.schema.js';
import { RUNS, appWithEndpoints, credentialsOf, isPublic } from './routes.js';
import type { Endpoint } from './routes.js';

const tricky = fc.constantFrom(
  '',
  'all',
  'True',
  'false',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  '[]',
  '{}',
  '%',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '9'.repeat(40),
  'x'.repeat(5000),
);
const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), tricky, fc.integer().map(String));

/** A query string over the route's own keys and random ones, repeated keys included. */
const queryOf = (endpoint: Endpoint) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...endpoint.queryKeys, 'next', 'published'), fc.string()),
        text,
      ),
      {
        maxLength: 6,
      },
    )
    .map((pairs) => new URLSearchParams(pairs).toString());

const jsonValue = fc.jsonValue({ maxDepth: 3 });

/** A body as a client might send one, well-formed or not. */
const bodyOf = (endpoint: Endpoint) =>
  fc.oneof(
    fc
      .dictionary(
        fc.oneof(fc.constantFrom(...endpoint.bodyKeys, 'pk', 'id'), fc.string()),
        jsonValue,
        {
          maxKeys: 5,
        },
      )
      .map((o) => ({ type: 'application/json', payload: JSON.stringify(o) })),
    jsonValue.map((v) => ({ type: 'application/json', payload: JSON.stringify(v) })),
    text.map((t) => ({ type: 'application/json', payload: t })),
    queryOf(endpoint).map((q) => ({ type: 'application/x-www-form-urlencoded', payload: q })),
    text.map((t) => ({ type: 'text/plain', payload: t })),
    // Multipart, well-formed or not: only the image upload takes it; everywhere else it is refused.
    fc
      .tuple(fc.constantFrom(...endpoint.bodyKeys, 'image', 'csrf'), text, fc.boolean())
      .map(([name, value, closed]) => ({
        type: 'multipart/form-data; boundary=fuzz',
        payload: `--fuzz\r\nContent-Disposition: form-data; name="${name}"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n${value}${closed ? '\r\n--fuzz--\r\n' : ''}`,
      })),
    fc.constant({ type: undefined, payload: undefined }),
  );

const paramOf = fc.oneof(
  fc.nat().map(String),
  fc.string({ minLength: 1 }),
  fc.constantFrom('0', '-1', '1.5', '99999999999999999999', 'null', '..', '%2F'),
);

function checkAnswer(response: LightMyRequestResponse) {
  expect(response.statusCode).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorSchema.parse(response.json()).detail).toEqual(expect.any(String));
  }
}

const ADMIN_CONTENT = /^\/admin\/(posts|pages|messages|dashboard)(\/|$)/;

/** The route groups, one file each; between them, by construction, every route. */
export const FUZZ_GROUPS = {
  api: (url: string) => !url.startsWith('/admin'),
  adminContent: (url: string) => ADMIN_CONTENT.test(url),
  admin: (url: string) => url.startsWith('/admin') && !ADMIN_CONTENT.test(url),
};

/**
 * Fuzzes every endpoint `selects` takes, on an app of the file's own: the route fuzzing is split over
 * files by route group (fuzz.test.ts, fuzz-admin-content.test.ts, fuzz-admin.test.ts) so that Vitest
 * runs them side by side; together they take every route (routes.ts).
 */
export async function fuzzEndpoints(which: string, selects: (url: string) => boolean) {
  const all = await appWithEndpoints();
  const { app } = all;
  const endpoints = all.endpoints.filter((endpoint) => selects(endpoint.url));
  afterAll(async () => app.close());
  const student = await credentialsOf(app, 'student');
  const staff = await credentialsOf(app, 'staff');

  describe(`fuzzing ${which}: every endpoint's query and body (${RUNS} cases each)`, () => {
    it('has endpoints to fuzz', () => {
      expect(endpoints.length).toBeGreaterThan(5);
    });

    it.each(endpoints.map((e) => [`${e.method} ${e.url}`, e] as const))(
      '%s never answers 5xx, and always JSON {"detail"} on 4xx',
      async (_name, endpoint) => {
        // The /auth routes start and end sessions; fuzzing them signed in would end the shared ones.
        const who = isPublic(endpoint.url)
          ? fc.constant({})
          : fc.constantFrom({}, student, staff, { ...student, 'x-csrf-token': 'forged' });
        const hasBody = !['GET', 'DELETE'].includes(endpoint.method);
        await fc.assert(
          fc.asyncProperty(
            queryOf(endpoint),
            hasBody ? bodyOf(endpoint) : fc.constant({ type: undefined, payload: undefined }),
            fc.array(paramOf, { minLength: 4, maxLength: 4 }),
            who,
            async (query, body, params, headers) => {
              let i = 0;
              const path = endpoint.url.replace(/:[A-Za-z0-9_]+/g, () =>
                encodeURIComponent(params[i++] ?? ''),
              );
              // A parameter such as ".." resolves the address to another route (for a route outside
              // /api, to the portal's pages): that answer is the other route's, not this one's.
              const prefix = endpoint.url.split(':')[0] ?? '';
              if (!new URL(path, 'http://portal').pathname.startsWith(prefix)) return;
              const response = await app.inject({
                method: endpoint.method,
                url: query ? `${path}?${query}` : path,
                headers: { ...headers, ...(body.type ? { 'content-type': body.type } : {}) },
                ...(body.payload === undefined ? {} : { payload: body.payload }),
              });
              checkAnswer(response);
            },
          ),
          { numRuns: RUNS },
        );
      },
      120_000,
    );
  });
}
