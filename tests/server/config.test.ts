import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: './data',
      databaseUrl: undefined,
      nodeEnv: 'development',
      demoSignIn: true,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it('names the variable that has a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('refuses to start in production with demo sign-in unless DEMO_SIGN_IN=1, and says why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DEMO_SIGN_IN=1/);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SIGN_IN: '1' }).demoSignIn).toBe(true);
  });
});

describe('loadConfig: the student information system', () => {
  it('uses the sample SIS with an 8 s timeout by default', () => {
    expect(loadConfig({}).sis).toEqual({ baseUrl: undefined, token: undefined, timeoutMs: 8000 });
  });

  it('reads SIS_BASE_URL, SIS_TOKEN and SIS_TIMEOUT_MS', () => {
    const config = loadConfig({
      SIS_BASE_URL: 'https://sis.campus.example.edu/api/',
      SIS_TOKEN: 'secret',
      SIS_TIMEOUT_MS: '2500',
    });
    expect(config.sis).toEqual({
      baseUrl: 'https://sis.campus.example.edu/api/',
      token: 'secret',
      timeoutMs: 2500,
    });
  });

  it('names SIS_BASE_URL and SIS_TIMEOUT_MS when they are bad', () => {
    expect(() => loadConfig({ SIS_BASE_URL: 'ftp://sis' })).toThrow(/SIS_BASE_URL/);
    expect(() => loadConfig({ SIS_TIMEOUT_MS: '0' })).toThrow(/SIS_TIMEOUT_MS/);
  });
});
