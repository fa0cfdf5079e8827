import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
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
