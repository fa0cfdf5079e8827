import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from '../../server/config.js';

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

  it('the public origin the server writes links with: PUBLIC_ORIGIN, else the OIDC redirect origin, else this server', () => {
    expect(loadConfig({}).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9000', HOST: '0.0.0.0' }).publicOrigin).toBe(
      'http://localhost:9000',
    );
    const oidc = {
      OIDC_ISSUER: 'https://sso.campus.example.edu',
      OIDC_CLIENT_ID: 'portal',
      OIDC_REDIRECT_URI: 'https://portal.campus.example.edu/auth/callback',
    };
    expect(loadConfig(oidc).publicOrigin).toBe('https://portal.campus.example.edu');
    expect(
      loadConfig({ ...oidc, PUBLIC_ORIGIN: 'https://my.campus.example.edu/' }).publicOrigin,
    ).toBe('https://my.campus.example.edu');
    for (const bad of ['https://my.campus.example.edu/portal', 'ftp://x.example', 'portal']) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad })).toThrow(/PUBLIC_ORIGIN/);
    }
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
  it('uses the sample SIS with an 8 s timeout by default, a cached copy answering after 1.5 s', () => {
    expect(loadConfig({}).sis).toEqual({
      adapter: 'sample',
      ethos: null,
      peoplesoft: null,
      baseUrl: undefined,
      token: undefined,
      timeoutMs: 8000,
      staleAfterMs: 1500,
      degree: { source: 'sis' },
    });
  });

  it('reads SIS_BASE_URL, SIS_TOKEN and SIS_TIMEOUT_MS', () => {
    const config = loadConfig({
      SIS_BASE_URL: 'https://sis.campus.example.edu/api/',
      SIS_TOKEN: 'secret',
      SIS_TIMEOUT_MS: '2500',
      SIS_STALE_AFTER_MS: '800',
    });
    expect(config.sis).toEqual({
      adapter: 'http',
      ethos: null,
      peoplesoft: null,
      baseUrl: 'https://sis.campus.example.edu/api/',
      token: 'secret',
      timeoutMs: 2500,
      staleAfterMs: 800,
      degree: { source: 'sis' },
    });
  });

  it('names SIS_BASE_URL and SIS_TIMEOUT_MS when they are bad', () => {
    expect(() => loadConfig({ SIS_BASE_URL: 'ftp://sis' })).toThrow(/SIS_BASE_URL/);
    expect(() => loadConfig({ SIS_TIMEOUT_MS: '0' })).toThrow(/SIS_TIMEOUT_MS/);
    expect(() => loadConfig({ SIS_STALE_AFTER_MS: '-1' })).toThrow(/SIS_STALE_AFTER_MS/);
  });
});

describe('loadConfig: the campus’s Canvas (issue 45, step 2)', () => {
  const canvas = {
    CANVAS_URL: 'https://canvas.campus.example.edu',
    CANVAS_CLIENT_ID: '10000000000042',
    CANVAS_CLIENT_SECRET: 'canvas-s3cret',
  };

  it('is off without its variables, and with all three its callback is the public origin’s', () => {
    expect(loadConfig({}).canvas).toBeUndefined();
    expect(
      loadConfig({ ...canvas, PUBLIC_ORIGIN: 'https://portal.campus.example.edu' }).canvas,
    ).toEqual({
      url: 'https://canvas.campus.example.edu',
      clientId: '10000000000042',
      clientSecret: 'canvas-s3cret',
      redirectUri: 'https://portal.campus.example.edu/api/coursework/canvas/callback',
    });
  });

  it('refuses a part of the key without the rest, naming what is missing, and a Canvas that is not an https origin', () => {
    expect(() => loadConfig({ CANVAS_URL: canvas.CANVAS_URL })).toThrow(
      /Canvas needs .*missing CANVAS_CLIENT_ID, CANVAS_CLIENT_SECRET/,
    );
    for (const url of [
      'http://canvas.campus.example.edu',
      'https://canvas.campus.example.edu/lms',
    ]) {
      expect(() => loadConfig({ ...canvas, CANVAS_URL: url })).toThrow(
        /CANVAS_URL must be an https origin/,
      );
    }
    expect(loadConfig({ ...canvas, CANVAS_URL: 'http://127.0.0.1:8443' }).canvas?.url).toBe(
      'http://127.0.0.1:8443',
    );
  });
});

describe('loadConfig: sign-in, sessions and rate limits', () => {
  const oidc = {
    OIDC_ISSUER: 'https://login.campus.example.edu/',
    OIDC_CLIENT_ID: 'portal',
    OIDC_CLIENT_SECRET: 's3cret',
    OIDC_REDIRECT_URI: 'https://portal.campus.example.edu/auth/callback',
  };

  it('turns the demo sign-in off when OpenID Connect is configured, even with DEMO_SIGN_IN=1', () => {
    const config = loadConfig({ ...oidc, DEMO_SIGN_IN: '1' });
    expect(config.demoSignIn).toBe(false);
    expect(config.oidc).toMatchObject({
      clientId: 'portal',
      clientSecret: 's3cret',
      scopes: 'openid email profile',
      usernameClaim: 'preferred_username',
    });
    expect(config.oidc?.postLogoutRedirectUri.href).toBe('https://portal.campus.example.edu/');
  });

  const sisUrl = { SIS_BASE_URL: 'https://sis.campus.example.edu/api/' };

  it('starts in production with OpenID Connect and no DEMO_SIGN_IN', () => {
    expect(loadConfig({ ...oidc, ...sisUrl, NODE_ENV: 'production' }).oidc?.issuer.href).toBe(
      'https://login.campus.example.edu/',
    );
  });

  it('production with OpenID Connect and the sample SIS refuses to start and says why, unless ALLOW_SAMPLE_SIS=1', () => {
    expect(() => loadConfig({ ...oidc, NODE_ENV: 'production' })).toThrow(/SIS_BASE_URL/);
    expect(() => loadConfig({ ...oidc, NODE_ENV: 'production' })).toThrow(/ALLOW_SAMPLE_SIS=1/);
    expect(
      loadConfig({ ...oidc, NODE_ENV: 'production', ALLOW_SAMPLE_SIS: '1' }).sis.baseUrl,
    ).toBeUndefined();
  });

  it('sample data is seeded by default, not where real people sign in, and SEED_SAMPLES=1 there is refused unless the server is a staging one', () => {
    expect(loadConfig({}).seedSamples).toBe(true);
    expect(loadConfig({ SEED_SAMPLES: '0' }).seedSamples).toBe(false);
    const production = { ...oidc, ...sisUrl, NODE_ENV: 'production' };
    expect(loadConfig(production).seedSamples).toBe(false);
    expect(() => loadConfig({ ...production, SEED_SAMPLES: '1' })).toThrow(/SEED_SAMPLES=1/);
    expect(
      loadConfig({ ...production, SEED_SAMPLES: '1', ALLOW_SAMPLE_SIS: '1' }).seedSamples,
    ).toBe(true);
  });

  it('reads the groups claim and the staff, superuser and demo group names', () => {
    expect(loadConfig({}).groups).toEqual({
      claim: 'groups',
      staff: ['portal-staff'],
      superuser: ['portal-superusers'],
      demo: ['portal-demo'],
    });
    const config = loadConfig({
      OIDC_GROUPS_CLAIM: 'memberOf',
      STAFF_GROUPS: 'it-staff, registrar ,',
      SUPERUSER_GROUPS: 'portal-admins',
      DEMO_GROUPS: 'advising',
    });
    expect(config.groups).toEqual({
      claim: 'memberOf',
      staff: ['it-staff', 'registrar'],
      superuser: ['portal-admins'],
      demo: ['advising'],
    });
  });

  it('trusts X-Forwarded-For only as configured: off by default, a hop count, or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SIGN_IN: '1' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('names what is missing when OpenID Connect is half configured', () => {
    expect(() => loadConfig({ OIDC_ISSUER: oidc.OIDC_ISSUER })).toThrow(
      /OIDC_CLIENT_ID, OIDC_REDIRECT_URI/,
    );
  });

  it('refuses a plain-http provider unless it is on this machine', () => {
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'http://login.campus.example.edu/' })).toThrow(
      /OIDC_ISSUER must be https/,
    );
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4197' }).oidc).toBeDefined();
  });

  it('always asks for the openid scope', () => {
    expect(loadConfig({ ...oidc, OIDC_SCOPES: 'email profile' }).oidc?.scopes).toBe(
      'openid email profile',
    );
  });

  it('defaults sessions to 30 idle minutes and 12 hours, sign-in to 20 attempts a minute', () => {
    expect(loadConfig({})).toMatchObject({
      session: { idleMinutes: 30, absoluteHours: 12 },
      rateLimit: { signInPerMinute: 20, apiPerMinute: 600 },
    });
  });

  it('reads the session and rate-limit settings and refuses nonsense', () => {
    expect(
      loadConfig({
        SESSION_IDLE_MINUTES: '15',
        SESSION_ABSOLUTE_HOURS: '8',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '5',
        RATE_LIMIT_API_PER_MINUTE: '100',
      }),
    ).toMatchObject({
      session: { idleMinutes: 15, absoluteHours: 8 },
      rateLimit: { signInPerMinute: 5, apiPerMinute: 100 },
    });
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('refuses DEMO_SIGN_IN=0 without a provider: there would be no way to sign in', () => {
    expect(() => loadConfig({ DEMO_SIGN_IN: '0' })).toThrow(/no sign-in method/);
  });
});

describe('loadConfig: Redis', () => {
  it('keeps the cache and rate-limit counters in the process unless REDIS_URL is set', () => {
    expect(loadConfig({}).redis).toEqual({ url: undefined, keyPrefix: 'portal:' });
    expect(loadConfig({ REDIS_URL: '' }).redis.url).toBeUndefined();
  });

  it('sizes the in-process answer cache in MB (CACHE_MAX_MB, 32 by default)', () => {
    expect(loadConfig({}).memoryCache.maxBytes).toBe(32 * 1_048_576);
    expect(loadConfig({ CACHE_MAX_MB: '8' }).memoryCache.maxBytes).toBe(8 * 1_048_576);
    expect(() => loadConfig({ CACHE_MAX_MB: '0' })).toThrow(/CACHE_MAX_MB/);
  });

  it('reads a redis:// or rediss:// REDIS_URL and a REDIS_KEY_PREFIX', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redis.url).toBe(
      'redis://127.0.0.1:6379/2',
    );
    expect(
      loadConfig({ REDIS_URL: 'rediss://cache.example.edu:6380', REDIS_KEY_PREFIX: 'p2:' }).redis,
    ).toEqual({ url: 'rediss://cache.example.edu:6380', keyPrefix: 'p2:' });
  });

  it('names REDIS_URL when it is not a Redis URL', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });
});

describe('configuration documentation', () => {
  it("documents every environment variable in the configuration reference's table", () => {
    const reference = readFileSync(
      path.join(import.meta.dirname, '../../docs/configuration.md'),
      'utf8',
    );
    for (const name of Object.keys(envSchema.shape)) {
      expect(reference, name).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
    }
  });
});
