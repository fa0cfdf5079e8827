import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../contract/error.schema.js';
import { createTestApp } from '../helpers/app.js';
import { adminAs } from '../routes/admin/admin-client.js';

/** A built client of one page and one hashed asset, so the static files answer as in production. */
function builtClient(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, 'next-steps'));
  const page = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
  writeFileSync(path.join(root, 'index.html'), page);
  writeFileSync(path.join(root, 'next-steps', 'index.html'), page);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1);\n');
  return root;
}

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
beforeAll(async () => {
  app = await createTestApp({ clientDir: builtClient() });
  staff = await adminAs(app, 'staff');
});
afterAll(async () => app.close());

const multipart = { 'content-type': 'multipart/form-data; boundary=x' };

/** Errors answered below the routes: the static files, the body parsers, the router, multipart. */
const cases: [string, () => InjectOptions][] = [
  [
    '416 from a static file',
    () => ({ url: '/assets/app-abc123.js', headers: { range: 'bytes=999-1000' } }),
  ],
  [
    '412 from a static file',
    () => ({ url: '/assets/app-abc123.js', headers: { 'if-match': '"other"' } }),
  ],
  ['404 of a missing asset', () => ({ url: '/assets/missing.js' })],
  ['400 of a broken percent-encoding', () => ({ url: '/assets/%E0%A4%A.js' })],
  ['404 of an unknown API path', () => ({ url: '/api/nothing', headers: { accept: 'text/html' } })],
  ['404 of an unknown method on a page', () => ({ method: 'DELETE', url: '/academics' })],
  [
    '413 of a body past the limit',
    () => ({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: 'x'.repeat(3_000_000),
    }),
  ],
  [
    '415 of an unknown content type',
    () => ({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    }),
  ],
  [
    '415 of multipart where none is taken',
    () => ({
      method: 'POST',
      url: '/api/client-errors',
      headers: multipart,
      payload: '--x\r\nbroken',
    }),
  ],
  [
    '400 of an empty JSON body',
    () => ({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '',
    }),
  ],
  [
    '400 of a JSON body with __proto__',
    () => ({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1}}',
    }),
  ],
  [
    '414 of a path parameter past its length',
    () => ({
      method: 'PUT',
      url: `/api/admin/grants/${'a'.repeat(2000)}/staff`,
      headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf },
    }),
  ],
  [
    '400 of a broken multipart upload',
    () => ({
      method: 'POST',
      url: '/admin/posts/1/image',
      headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf, ...multipart },
      payload: '--x\r\nbroken',
    }),
  ],
  [
    '415 of multipart sent to an admin form',
    () => ({
      method: 'POST',
      url: '/admin/posts',
      headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf, ...multipart },
      payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc\r\n--x--\r\n',
    }),
  ],
];

describe('every error below the routes is JSON {"detail"} too', () => {
  it.each(cases)('%s', async (_name, request) => {
    const answer = await app.inject(request());
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(errorSchema.parse(answer.json()).detail).toEqual(expect.any(String));
  });
});
