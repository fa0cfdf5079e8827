import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_ROUTE_HOOKS } from '../../../server/plugins/every-route-hooks.js';
import { createTestApp } from '../helpers/app.js';

type Lifecycle = keyof typeof EVERY_ROUTE_HOOKS;

/** Matches a route's line of `printRoutes`: its path, then its methods in brackets. */
const ROUTE_LINE = /\((?:[A-Z]+(?:, )?)+\)\s*$/;
/** Matches one lifecycle's hooks of the route above: `• (onRequest) ["a()","b()"]`. */
const HOOK_LINE = /•\s+\((\w+)\)\s+(\[.*\])\s*$/;

/**
 * The hooks that run on every route of `app`, by lifecycle: what every route's list has in common,
 * read from Fastify's own route tree (`printRoutes` with its hooks), names repeated as often as each
 * runs. An arrow function or an unnamed one is `anonymous`.
 */
function everyRouteHooks(app: FastifyInstance): Map<string, string[]> {
  const routes: Map<string, string[]>[] = [];
  for (const line of app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n')) {
    if (ROUTE_LINE.test(line)) routes.push(new Map());
    const hook = HOOK_LINE.exec(line);
    const route = routes.at(-1);
    if (!hook || !route) continue;
    const names: unknown = JSON.parse(hook[2]!);
    if (!Array.isArray(names)) throw new Error(`unreadable hooks: ${line}`);
    route.set(
      hook[1]!,
      names.map((name) => String(name).replace(/\(\)$/, '')),
    );
  }
  if (routes.length === 0) throw new Error('printRoutes listed no route');
  const common = new Map<string, string[]>();
  for (const lifecycle of Object.keys(EVERY_ROUTE_HOOKS)) {
    let shared = routes[0]!.get(lifecycle) ?? [];
    for (const route of routes.slice(1)) {
      const left = [...(route.get(lifecycle) ?? [])];
      shared = shared.filter((name) => {
        const at = left.indexOf(name);
        if (at < 0) return false;
        left.splice(at, 1);
        return true;
      });
    }
    common.set(lifecycle, shared);
  }
  return common;
}

/** What runs on every route and is not listed, or is unnamed: each a sentence. */
function unlisted(hooks: Map<string, string[]>): string[] {
  const problems: string[] = [];
  for (const [lifecycle, names] of hooks) {
    const listed: Record<string, string> = EVERY_ROUTE_HOOKS[lifecycle as Lifecycle];
    for (const name of names) {
      if (name === 'anonymous' || name === '')
        problems.push(`an unnamed ${lifecycle} hook runs on every route: name its function`);
      else if (!(name in listed))
        problems.push(`${lifecycle} hook ${name} runs on every route and is not listed`);
    }
  }
  return problems;
}

function builtClient(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  return dir;
}

describe('the hooks every route runs (issue 78: each costs every request)', () => {
  let plain: FastifyInstance;
  let configured: FastifyInstance;
  beforeAll(async () => {
    plain = await createTestApp();
    // Production with a built client, and maintenance on: the hooks only a configuration adds.
    configured = await createTestApp({
      clientDir: builtClient(),
      env: { NODE_ENV: 'production', DEMO_SIGN_IN: '1', MAINTENANCE: '1' },
    });
    await Promise.all([plain.ready(), configured.ready()]);
  });
  afterAll(async () => Promise.all([plain.close(), configured.close()]));

  it('every hook on every route is named and listed in server/plugins/every-route-hooks.ts', () => {
    expect(unlisted(everyRouteHooks(plain))).toEqual([]);
    expect(unlisted(everyRouteHooks(configured))).toEqual([]);
  });

  it('every listed hook still runs on every route, in one configuration or the other', () => {
    const seen = new Set<string>();
    for (const hooks of [everyRouteHooks(plain), everyRouteHooks(configured)])
      for (const [lifecycle, names] of hooks)
        for (const name of names) seen.add(`${lifecycle} ${name}`);
    const listed = Object.entries(EVERY_ROUTE_HOOKS).flatMap(([lifecycle, names]) =>
      Object.keys(names).map((name) => `${lifecycle} ${name}`),
    );
    expect(listed.filter((hook) => !seen.has(hook))).toEqual([]);
  });

  it('the security headers, the rate limit and the metrics are among them', () => {
    const hooks = everyRouteHooks(plain);
    expect(hooks.get('onRequest')).toEqual(
      expect.arrayContaining(['setSecurityHeaders', 'countRequest']),
    );
    expect(hooks.get('onResponse')).toEqual(expect.arrayContaining(['observeRequest']));
  });

  it('a plugin that adds a hook to every route without a line in the list is found', async () => {
    const app = Fastify();
    await app.register(
      fp(async (instance) => {
        instance.addHook('onRequest', (_request, _reply, done) => done());
        instance.addHook('preHandler', function lookUpGrants(_request, _reply, done) {
          done();
        });
      }),
    );
    app.get('/a', async () => ({}));
    app.get('/b', async () => ({}));
    await app.ready();
    expect(unlisted(everyRouteHooks(app))).toEqual([
      'an unnamed onRequest hook runs on every route: name its function',
      'preHandler hook lookUpGrants runs on every route and is not listed',
    ]);
    await app.close();
  });

  it('a hook on one route alone is not counted as every route’s', async () => {
    const app = Fastify();
    app.get(
      '/a',
      {
        preHandler: function onlyHere(_request, _reply, done) {
          done();
        },
      },
      async () => ({}),
    );
    app.get('/b', async () => ({}));
    await app.ready();
    expect(unlisted(everyRouteHooks(app))).toEqual([]);
    await app.close();
  });
});
