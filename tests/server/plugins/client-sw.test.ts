import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.js';

describe('serving the Next Steps service worker', () => {
  it('answers /next-steps/sw.js with cache-control no-cache, so a new worker is picked up', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'client-'));
    mkdirSync(path.join(dir, 'next-steps'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dir, 'next-steps', 'index.html'), '<!doctype html>');
    writeFileSync(
      path.join(dir, 'next-steps', 'sw.js'),
      'self.addEventListener("fetch", () => {});',
    );
    const app = await createTestApp({ clientDir: dir });
    const response = await app.inject({ url: '/next-steps/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/javascript/);
    await app.close();
  });
});

describe('source maps', () => {
  function clientDir() {
    const dir = mkdtempSync(path.join(tmpdir(), 'client-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dir, 'assets', 'main-abc.js'), 'console.log(1);');
    writeFileSync(path.join(dir, 'assets', 'main-abc.js.map'), '{"version":3,"sources":["a.ts"]}');
    return dir;
  }

  it('are not served in production', async () => {
    const app = await createTestApp({
      clientDir: clientDir(),
      env: { NODE_ENV: 'production', DEMO_SIGN_IN: '1' },
    });
    expect((await app.inject({ url: '/assets/main-abc.js' })).statusCode).toBe(200);
    for (const url of ['/assets/main-abc.js.map', '/assets/main-abc.js.MAP?x=1']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('sources');
    }
    await app.close();
  });

  it('are served while developing', async () => {
    const app = await createTestApp({ clientDir: clientDir() });
    expect((await app.inject({ url: '/assets/main-abc.js.map' })).statusCode).toBe(200);
    await app.close();
  });
});
