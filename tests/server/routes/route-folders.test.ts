import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import autoload from '@fastify/autoload';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { routeFolders } from '../../../server/app.js';
import { createTestApp, signIn } from '../helpers/app.js';

const routesDir = fileURLToPath(new URL('../../../server/routes', import.meta.url));
const fixture = fileURLToPath(new URL('../fixtures/route-folders', import.meta.url));

/** Every hook file under server/routes: one per protected folder. */
const hookFiles = readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /(^|\/)autohooks\.ts$/.test(file))
  .sort();

describe('route folders', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('a route dropped into a protected folder answers 401 without a token, and is the signed-in person’s with one', async () => {
    app = await createTestApp();
    await app.register(autoload, { ...routeFolders, dir: fixture });
    await app.ready();
    const refused = await app.inject({ url: '/api/test/dropped-in' });
    expect(refused.statusCode).toBe(401);
    const { token } = await signIn(app, 'student');
    const allowed = await app.inject({
      url: '/api/test/dropped-in',
      headers: { authorization: `Token ${token}` },
    });
    expect(allowed.json()).toEqual({ username: 'avalencia' });
  });

  it('a protected folder’s public/ folder stays public, and its helpers are not loaded as plugins', async () => {
    app = await createTestApp();
    await app.register(autoload, { ...routeFolders, dir: fixture });
    await app.ready();
    const response = await app.inject({ url: '/api/test/public-beside' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ public: true });
  });

  it('finds the hook file of every protected folder', () => {
    expect(hookFiles.length).toBeGreaterThanOrEqual(20);
  });

  it.each(hookFiles)(
    '%s refuses a request without credentials before a route of its folder runs',
    async (file) => {
      const hooks = (await import(join(routesDir, file))) as { default: FastifyPluginAsync };
      app = await createTestApp();
      const reached: string[] = [];
      // As autoload applies a folder's hook file: in the folder's own scope, before its routes.
      await app.register(async (folder) => {
        await folder.register(
          Object.assign(hooks.default, { [Symbol.for('skip-override')]: true }),
        );
        folder.get(
          '/api/test/probe',
          { config: { access: { self: 'read', support: 'read', delegate: null } } },
          async () => {
            reached.push(relative(routesDir, file));
            return {};
          },
        );
      });
      await app.ready();
      const response = await app.inject({ url: '/api/test/probe' });
      expect(response.statusCode).toBe(401);
      expect(reached).toEqual([]);
    },
  );
});
