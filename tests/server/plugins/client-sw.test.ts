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
