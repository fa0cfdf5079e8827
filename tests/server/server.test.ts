import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

  it('exits 1 naming an environment variable with a bad value', () => {
    const result = runServer(['--check'], { REDIS_URL: 'http://cache' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('REDIS_URL');
  });
});
