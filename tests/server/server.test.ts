import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { privateCa } from './notify/smtp-sink.js';

/** `server/server.ts` as `npm run config:check` runs it (the built copy), here under tsx. */
function runServer(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/server.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

const databaseUrl = process.env.DATABASE_URL;
if (process.env.CI === 'true' && !databaseUrl)
  throw new Error('CI=true: the check test needs DATABASE_URL.');

describe('config:check (server.ts --check)', { timeout: 60_000 }, () => {
  it('validates the environment and the campus configuration, says what it would run on, and exits without opening the store', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'portal-check-')), 'data');
    const result = runServer(['--check'], { DATA_DIR: dataDir });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Campus Portal \(development/);
    expect(result.stdout).toMatch(/store: +SQLite in /);
    expect(result.stdout).toContain('Configuration is valid.');
    expect(result.stdout).not.toContain('is serving');
    expect(result.stderr).toContain('anyone who reaches this server can sign in as any person');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('exits 1 naming the field of a campus configuration file that is wrong', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-check-'));
    const campus = path.join(dir, 'campus.json');
    writeFileSync(campus, JSON.stringify({ emergencyAlertsFeed: 'not an address' }));
    const result = runServer(['--check'], { CAMPUS_CONFIG: campus, DATA_DIR: dir });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CAMPUS_CONFIG emergencyAlertsFeed');
    expect(result.stdout).not.toContain('Configuration is valid.');
  });

  it('names the campus CA of SMTP_CA_FILE it would trust, and exits 1 when that file holds no certificate', () => {
    const ca = privateCa();
    try {
      const env = {
        SMTP_URL: 'smtp://mail.campus.example.edu:587',
        DATA_DIR: path.dirname(ca.caFile),
      };
      const good = runServer(['--check'], { ...env, SMTP_CA_FILE: ca.caFile });
      expect(good.status).toBe(0);
      expect(good.stdout).toContain(
        `mail TLS: the public roots and the CA in ${ca.caFile}: CN=Test Campus Root CA`,
      );
      const bad = runServer(['--check'], {
        ...env,
        SMTP_CA_FILE: path.join(path.dirname(ca.caFile), 'server.key'),
      });
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/SMTP_CA_FILE: .*server\.key holds no PEM certificate/);
    } finally {
      ca.remove();
    }
  });

  it.skipIf(!databaseUrl)(
    'never opens a listener, migrates or seeds: on a fresh PostgreSQL database no table appears, and a port another process holds does not matter',
    async () => {
      const name = `portal_check_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrl ?? '' });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const holder = net.createServer();
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
      const address = holder.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      try {
        const url = new URL(databaseUrl ?? '');
        url.pathname = `/${name}`;
        const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'portal-check-')), 'data');
        const result = runServer(['--check'], {
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          PORT: String(port),
          SEED_SAMPLES: '1',
        });
        expect(result.stderr).not.toContain('EADDRINUSE');
        expect(result.status).toBe(0);
        expect(result.stdout).toContain('Configuration is valid.');
        const fresh = new pg.Client({ connectionString: url.toString() });
        await fresh.connect();
        const tables = await fresh.query(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
        );
        await fresh.end();
        expect(tables.rows).toEqual([]);
        expect(existsSync(dataDir)).toBe(false);
      } finally {
        holder.close();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
  );

  it('exits 1 naming an environment variable with a bad value', () => {
    const result = runServer(['--check'], { REDIS_URL: 'http://cache' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('REDIS_URL');
  });
});
