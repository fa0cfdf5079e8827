import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_SESSION_HEADER, keepSessionOf } from '../../../../contract/offline.rules.js';
import { createTestApp, signIn } from '../../helpers/app.js';

/**
 * Issue 71: every signed-in answer names its session (`x-keep-session`) for the service worker, so an
 * ended session's kept answers are dropped; the marker is a short digest, never the session's id.
 */
describe('the session marker on signed-in answers (x-keep-session)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // A built portal page, so that a signed-in page is answered with its first answers.
    const clientDir = mkdtempSync(path.join(tmpdir(), 'session-marker-'));
    const page = '<!doctype html><html><head><title>t</title></head><body></body></html>';
    writeFileSync(path.join(clientDir, 'index.html'), page);
    app = await createTestApp({ clientDir });
  });
  afterAll(async () => app.close());

  const sessionIdOf = (cookie: string) => /(?:^|;\s*)portal_session=([^;]+)/.exec(cookie)?.[1];

  it('the user call, a token read and the page carry the same marker of the session, which is not its id', async () => {
    const { cookie, token } = await signIn(app, 'student');
    const user = await app.inject({ url: '/api/users/user', headers: { cookie } });
    const read = await app.inject({
      url: '/api/coursework',
      headers: { authorization: `Token ${token}` },
    });
    const page = await app.inject({
      url: '/academics',
      headers: { cookie, 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
    });
    const marker = keepSessionOf(String(user.headers[KEEP_SESSION_HEADER]));
    expect(marker).not.toBeNull();
    expect(read.statusCode).toBe(200);
    expect(read.headers[KEEP_SESSION_HEADER]).toBe(marker);
    expect(page.headers[KEEP_SESSION_HEADER]).toBe(marker);
    const sessionId = sessionIdOf(cookie) ?? '';
    expect(sessionId).not.toBe('');
    for (const secret of [sessionId, token]) {
      expect(secret).not.toContain(marker);
      expect(marker).not.toContain(secret.slice(0, 8));
    }
  });

  it('another session has another marker; a refused answer names none', async () => {
    const first = await signIn(app, 'student');
    const second = await signIn(app, 'student');
    const markerOf = async (cookie: string) =>
      (await app.inject({ url: '/api/users/user', headers: { cookie } })).headers[
        KEEP_SESSION_HEADER
      ];
    expect(await markerOf(first.cookie)).not.toBe(await markerOf(second.cookie));
    const refused = await app.inject({ url: '/api/users/user' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers[KEEP_SESSION_HEADER]).toBeUndefined();
    const signedOut = await app.inject({ url: '/api/coursework' });
    expect(signedOut.headers[KEEP_SESSION_HEADER]).toBeUndefined();
  });
});
