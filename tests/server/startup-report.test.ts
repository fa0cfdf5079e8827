import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { startupReport } from '../../server/startup-report.js';

const oidc = {
  OIDC_ISSUER: 'https://login.campus.example.edu/',
  OIDC_CLIENT_ID: 'portal',
  OIDC_CLIENT_SECRET: 's3cret',
  OIDC_REDIRECT_URI: 'https://portal.campus.example.edu/auth/callback',
};

describe('the start-up report', () => {
  it('names the embedded defaults it runs on: SQLite, the in-process cache, the sample SIS, the demo page, the sample feeds', () => {
    const text = startupReport(loadConfig({ DATA_DIR: '/srv/portal' })).lines.join('\n');
    expect(text).toMatch(/store: +SQLite in \/srv\/portal\/portal\.sqlite/);
    expect(text).toMatch(/cache: +in this process only/);
    expect(text).toMatch(/SIS: +the embedded sample SIS/);
    expect(text).toMatch(/sign-in: +the demo sign-in page/);
    expect(text).toMatch(/feeds: +emergency alerts from the bundled sample/);
    expect(text).toContain('a problem the first read of a configured feed finds is reported then');
  });

  it('names the campus’s Canvas and the callback to register with its developer key, never the key’s secret', () => {
    const plain = startupReport(loadConfig({})).lines.join('\n');
    expect(plain).toMatch(/LMS: +students paste their calendar feed/);
    const text = startupReport(
      loadConfig({
        PUBLIC_ORIGIN: 'https://portal.campus.example.edu',
        CANVAS_URL: 'https://canvas.campus.example.edu',
        CANVAS_CLIENT_ID: '10000000000042',
        CANVAS_CLIENT_SECRET: 'canvas-s3cret',
      }),
    ).lines.join('\n');
    expect(text).toMatch(
      /LMS: +Canvas at https:\/\/canvas\.campus\.example\.edu .*https:\/\/portal\.campus\.example\.edu\/api\/coursework\/canvas\/callback/,
    );
    expect(text).not.toContain('canvas-s3cret');
  });

  it('says whether notifications are sent, and warns when NOTIFY_PAUSED=1 holds them', () => {
    const sending = startupReport(loadConfig({}));
    expect(sending.lines.join('\n')).toMatch(/sending: +on: reminders/);
    const paused = startupReport(loadConfig({ NOTIFY_PAUSED: '1' }));
    expect(paused.lines.join('\n')).toMatch(/sending: +PAUSED \(NOTIFY_PAUSED=1\)/);
    expect(
      paused.warnings.some((w) => w.includes('NOTIFY_PAUSED=1: this process sends nothing')),
    ).toBe(true);
  });

  it('with the demo sign-in on, warns that anyone can sign in as staff', () => {
    const { warnings } = startupReport(loadConfig({}));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/anyone .* can sign in as any person, staff included/);
  });

  it('names PostgreSQL, Redis, the SIS, the provider and the feeds configured, without passwords and without a warning', () => {
    const report = startupReport(
      loadConfig({
        ...oidc,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://portal:db-password@db.campus.example.edu:5432/portal',
        REDIS_URL: 'redis://:redis-password@cache.campus.example.edu:6379',
        SIS_BASE_URL: 'https://sis.campus.example.edu/api/',
        TRUST_PROXY: '1',
      }),
    );
    const text = report.lines.join('\n');
    expect(text).toContain('PostgreSQL at postgres://db.campus.example.edu:5432/portal');
    expect(text).toContain('Redis at redis://cache.campus.example.edu:6379');
    expect(text).toContain('HTTP at https://sis.campus.example.edu/api/');
    expect(text).toContain('OpenID Connect at https://login.campus.example.edu/');
    expect(text).toContain('X-Forwarded-For trusted from 1 hop(s)');
    expect(text).not.toMatch(/password/);
    expect(report.warnings).toEqual([]);
  });

  it('says where the VAPID keys come from, never the keys themselves', () => {
    const generated = startupReport(loadConfig({})).lines.join('\n');
    expect(generated).toMatch(/push: +VAPID keys generated and kept in the database/);
    const publicKey = `B${'p'.repeat(86)}`;
    const privateKey = `k${'q'.repeat(42)}`;
    const given = startupReport(
      loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }),
    ).lines.join('\n');
    expect(given).toMatch(/push: +VAPID keys from VAPID_PUBLIC_KEY\/VAPID_PRIVATE_KEY/);
    expect(given).not.toContain(publicKey);
    expect(given).not.toContain(privateKey);
  });
});
