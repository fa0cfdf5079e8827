import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { placeholderSecrets, preflight, preflightText } from '../../server/preflight.js';

/** A port nothing listens on: bound, then closed (a stopped PostgreSQL, an IdP that is down). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** Redis and PostgreSQL of the test run (.ci/run sets both); without them those cases are skipped. */
const REDIS = process.env.REDIS_URL ?? '';
const POSTGRES = process.env.DATABASE_URL ?? '';
const withCredentials = (url: string, user: string, password: string) => {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.href;
};

describe('config:check -- --connect (issue 62): one line per component, each within its limit', () => {
  it.skipIf(!REDIS)(
    'names a stopped PostgreSQL, a wrong Redis password, an unreachable IdP and a placeholder secret',
    async () => {
      const pgPort = await closedPort();
      const idpPort = await closedPort();
      const config = loadConfig({
        DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/portal`,
        REDIS_URL: withCredentials(REDIS, 'portal', 'not-the-password'),
        OIDC_ISSUER: `http://127.0.0.1:${idpPort}/realms/campus`,
        OIDC_CLIENT_ID: 'portal',
        OIDC_CLIENT_SECRET: 'CHANGE-ME',
        OIDC_REDIRECT_URI: 'https://portal.campus.example.edu/auth/callback',
      });
      const started = Date.now();
      const lines = await preflight(config, 2_000);
      expect(Date.now() - started).toBeLessThan(4_000);
      const byName = new Map(lines.map((line) => [line.component, line]));
      expect(byName.get('OIDC_CLIENT_SECRET')).toEqual({
        component: 'OIDC_CLIENT_SECRET',
        ok: false,
        detail: 'REFUSED: a placeholder (such as CHANGE-ME); set a real secret',
      });
      expect(byName.get('database')?.ok).toBe(false);
      expect(byName.get('database')?.detail).toMatch(/^FAILED: .*ECONNREFUSED/);
      expect(byName.get('database')?.detail).toContain(`127.0.0.1:${pgPort}`);
      expect(byName.get('redis')?.ok).toBe(false);
      expect(byName.get('redis')?.detail).toMatch(/^FAILED: .*WRONGPASS/);
      expect(byName.get('openid')?.ok).toBe(false);
      expect(byName.get('openid')?.detail).toMatch(/^FAILED: /);
      const text = preflightText(lines).join('\n');
      for (const name of ['OIDC_CLIENT_SECRET', 'database', 'redis', 'openid']) {
        expect(text).toMatch(new RegExp(`^  ${name} +(FAILED|REFUSED)`, 'm'));
      }
    },
  );

  it.skipIf(!REDIS || !POSTGRES)(
    'a working PostgreSQL and Redis answer reachable with their versions and latency',
    async () => {
      const config = loadConfig({ DATABASE_URL: POSTGRES, REDIS_URL: REDIS });
      const lines = await preflight(config, 3_000);
      expect(lines.map((l) => [l.component, l.ok])).toEqual([
        ['database', true],
        ['redis', true],
      ]);
      expect(lines[0]?.detail).toMatch(/^reachable, PostgreSQL \d+(\.\d+)?.*, \d+ ms$/);
      expect(lines[1]?.detail).toMatch(/^reachable, Redis \d+\.\d+\.\d+, \d+ ms$/);
    },
  );

  it('placeholders in connection addresses and tokens are refused; real values pass', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://campus_portal:CHANGE-ME@127.0.0.1:5432/campus_portal',
      SIS_BASE_URL: 'https://sis.campus.example.edu/api',
      SIS_TOKEN: 'CHANGE-ME',
    });
    expect(placeholderSecrets(config).map((l) => l.component)).toEqual([
      'SIS_TOKEN',
      'DATABASE_URL (its password)',
    ]);
    const real = loadConfig({
      SIS_BASE_URL: 'https://sis.campus.example.edu/api',
      SIS_TOKEN: 'k3Jd9',
    });
    expect(placeholderSecrets(real)).toEqual([]);
  });

  it('without --connect the check opens nothing; with it, the output names the failing component and exits 1', async () => {
    const pgPort = await closedPort();
    const env = {
      ...process.env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/portal`,
      REDIS_URL: '',
      SIS_BASE_URL: '',
      CAMPUS_CONFIG: '',
    };
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/server.ts', ...args], {
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
    const pure = run(['--check']);
    expect(pure.stdout).toContain('Configuration is valid.');
    expect(pure.stdout).not.toMatch(/^ {2}database /m);
    expect(pure.status).toBe(0);
    const connect = run(['--check', '--connect']);
    expect(connect.stdout).toMatch(/^ {2}database +FAILED: .*ECONNREFUSED/m);
    expect(connect.stderr).toContain('Configuration check failed');
    expect(connect.status).toBe(1);
  }, 90_000);
});
