import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, envSchema, loadConfig } from '../../server/config.js';

const template = readFileSync('deploy/campus-portal.env.example', 'utf8');

/** Every variable the template names, set (`KEY=value`) or shown with its default (`# KEY=value`). */
const named = [...template.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? '');

describe('the environment file template (deploy/campus-portal.env.example)', () => {
  it('names every variable the server reads, once, and nothing else', () => {
    expect([...named].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('left as it is, stops the start and names SESSION_SECRET', () => {
    expect(() => loadConfig(parseEnv(template))).toThrow(ConfigError);
    expect(() => loadConfig(parseEnv(template))).toThrow(/SESSION_SECRET/);
  });

  it('with its placeholders filled in, runs in production behind one proxy, signing in through the provider', () => {
    const config = loadConfig({
      ...parseEnv(template),
      SESSION_SECRET: 'x'.repeat(48),
      // The university's own file; the defaults stand in for it here.
      CAMPUS_CONFIG: '',
    });
    expect(config.nodeEnv).toBe('production');
    expect(config.trustProxy).toBe(1);
    expect(config.demoSignIn).toBe(false);
    expect(config.oidc?.redirectUri.href).toBe('https://portal.example.edu/auth/callback');
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.redis.url).toBe('redis://127.0.0.1:6379');
    expect(config.sis.baseUrl).toMatch(/^https:\/\//);
    expect(config.host).toBe('127.0.0.1');
  });
});

/**
 * An environment file read the way systemd's `EnvironmentFile=` reads it (systemd.exec(5)): blank
 * lines and lines starting with `#` or `;` are skipped, `KEY=value` with the value's surrounding
 * whitespace dropped, a value in double quotes has them removed (`\"`, `\\`, `\$`, `` \` `` unescaped),
 * one in single quotes taken as it is.
 */
function systemdEnvironment(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const eq = line.indexOf('=');
    if (eq < 1) throw new Error(`systemd would refuse the line: ${line}`);
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replace(/\\(["\\$`])/g, '$1');
    } else if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) {
      value = value.slice(1, -1);
    }
    env[key] = value;
  }
  return env;
}

/** The file sourced by POSIX sh as the docs load it (`set -a; . file`): what it exports. */
function shEnvironment(file: string, keys: string[]): Record<string, string> {
  const result = spawnSync(
    'sh',
    [
      '-c',
      `set -a; . "$1" || exit 3; node -e 'process.stdout.write(JSON.stringify(process.env))'`,
      'sh',
      file,
    ],
    { env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`sh refused ${file}: ${result.stderr}`);
  const all = z.record(z.string(), z.string()).parse(JSON.parse(result.stdout));
  return Object.fromEntries(keys.map((key) => [key, all[key] ?? '(unset)']));
}

describe('the environment file template is read alike by systemd and POSIX sh', () => {
  const check = (text: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-env-'));
    const file = path.join(dir, 'campus-portal.env');
    writeFileSync(file, text);
    const bySystemd = systemdEnvironment(text);
    expect(shEnvironment(file, Object.keys(bySystemd))).toEqual(bySystemd);
    return bySystemd;
  };

  it('as written', () => {
    expect(check(template).NODE_ENV).toBe('production');
  });

  it('with every commented default uncommented (MAIL_FROM with its display name and address included)', () => {
    const uncommented = template.replace(/^# ([A-Z][A-Z0-9_]*=)/gm, '$1');
    const env = check(uncommented);
    expect(env.MAIL_FROM).toBe('Campus Portal <reminders@portal.example.edu>');
    expect(env.OIDC_SCOPES).toBe('openid email profile');
  });
});
