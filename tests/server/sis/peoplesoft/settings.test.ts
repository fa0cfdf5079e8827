import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config.js';
import { SIS_ADAPTER_SETTINGS } from '../../../../server/sis/adapters/settings.js';
import { SIS_ADAPTERS } from '../../../../server/sis/adapters/index.js';
import { PeopleSoftSis } from '../../../../server/sis/peoplesoft/adapter.js';

const BASE = 'https://cs.example.edu/PSIGW/RESTListeningConnector/PSFT_CS';

describe('PeopleSoft settings (SIS_ADAPTER=peoplesoft)', () => {
  it('is in the registry: its settings and the module that opens it', () => {
    expect(Object.keys(SIS_ADAPTER_SETTINGS)).toContain('peoplesoft');
    const config = loadConfig({ SIS_ADAPTER: 'peoplesoft', PEOPLESOFT_BASE_URL: BASE });
    expect(SIS_ADAPTERS.peoplesoft.open(config, {})).toBeInstanceOf(PeopleSoftSis);
  });

  it('reads as the student by default, and the start-up report says so and that records are then not swept for changes', () => {
    const config = loadConfig({ SIS_ADAPTER: 'peoplesoft', PEOPLESOFT_BASE_URL: `${BASE}/` });
    expect(config.sis.peoplesoft).toEqual({ baseUrl: BASE, auth: { mode: 'student' } });
    expect(SIS_ADAPTER_SETTINGS.peoplesoft.report(config.sis)).toBe(
      "PeopleSoft Campus Solutions at https://cs.example.edu/PSIGW/RESTListeningConnector/PSFT_CS (SIS_ADAPTER=peoplesoft; as the student, the sign-in's token forwarded; records are not swept for changes: the sweep has no sign-in to read with, PEOPLESOFT_AUTH=service does)",
    );
  });

  it('as the student, reads the audience to exchange the token for (RFC 8693), and needs an OpenID Connect sign-in in production', () => {
    const env = { SIS_ADAPTER: 'peoplesoft', PEOPLESOFT_BASE_URL: BASE };
    const config = loadConfig({ ...env, PEOPLESOFT_TOKEN_AUDIENCE: 'https://cs.example.edu/psft' });
    expect(config.sis.peoplesoft?.tokenAudience).toBe('https://cs.example.edu/psft');
    expect(SIS_ADAPTER_SETTINGS.peoplesoft.report(config.sis)).toContain(
      "the sign-in's token forwarded (exchanged for https://cs.example.edu/psft, RFC 8693)",
    );
    expect(() =>
      loadConfig({
        ...env,
        PEOPLESOFT_AUTH: 'service',
        PEOPLESOFT_USER: 'PORTAL_SVC',
        PEOPLESOFT_PASSWORD: 'pw-1',
        PEOPLESOFT_TOKEN_AUDIENCE: 'https://cs.example.edu/psft',
      }),
    ).toThrow('PEOPLESOFT_TOKEN_AUDIENCE is for PEOPLESOFT_AUTH=student');
    // The demo sign-in (or SAML) gives no token to forward.
    expect(() => loadConfig({ ...env, NODE_ENV: 'production', DEMO_SIGN_IN: '1' })).toThrow(
      'PEOPLESOFT_AUTH=student reads PeopleSoft with the signed-in student',
    );
    // Sealed with SESSION_SECRET's key, which every process must share.
    const oidc = {
      OIDC_ISSUER: 'https://login.example.edu',
      OIDC_CLIENT_ID: 'portal',
      OIDC_REDIRECT_URI: 'https://portal.example.edu/auth/callback',
    };
    expect(() => loadConfig({ ...env, ...oidc, NODE_ENV: 'production' })).toThrow(
      'set SESSION_SECRET',
    );
  });

  it('reads a service account with its password from a file, never printing the password', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ps-'));
    const file = path.join(dir, 'password');
    writeFileSync(file, 'file-password-9\n');
    const config = loadConfig({
      SIS_ADAPTER: 'peoplesoft',
      PEOPLESOFT_BASE_URL: BASE,
      PEOPLESOFT_AUTH: 'service',
      PEOPLESOFT_USER: 'PORTAL_SVC',
      PEOPLESOFT_PASSWORD_FILE: file,
    });
    const auth = config.sis.peoplesoft?.auth;
    expect(config.sis.peoplesoft?.checkEmplid).toBeUndefined();
    expect(auth?.mode === 'service' && auth.password.reveal()).toBe('file-password-9');
    const report = SIS_ADAPTER_SETTINGS.peoplesoft.report(config.sis);
    expect(report).toContain('as the service account PORTAL_SVC');
    expect(report + JSON.stringify(config.sis)).not.toContain('file-password-9');
  });

  it('refuses a half configuration in words that name the variable', () => {
    expect(() => loadConfig({ SIS_ADAPTER: 'peoplesoft' })).toThrow(
      'SIS_ADAPTER=peoplesoft needs PEOPLESOFT_BASE_URL',
    );
    expect(() =>
      loadConfig({ SIS_ADAPTER: 'peoplesoft', PEOPLESOFT_BASE_URL: 'http://cs.example.edu/x' }),
    ).toThrow('PEOPLESOFT_BASE_URL: must be https');
    expect(() =>
      loadConfig({
        SIS_ADAPTER: 'peoplesoft',
        PEOPLESOFT_BASE_URL: BASE,
        PEOPLESOFT_AUTH: 'service',
      }),
    ).toThrow('PEOPLESOFT_AUTH=service needs PEOPLESOFT_USER');
    expect(() =>
      loadConfig({ SIS_ADAPTER: 'peoplesoft', PEOPLESOFT_BASE_URL: BASE, PEOPLESOFT_USER: 'X' }),
    ).toThrow('PEOPLESOFT_USER/PEOPLESOFT_PASSWORD are for PEOPLESOFT_AUTH=service');
    expect(() =>
      loadConfig({
        SIS_ADAPTER: 'peoplesoft',
        PEOPLESOFT_BASE_URL: BASE,
        PEOPLESOFT_CHECK_EMPLID: '20270042',
      }),
    ).toThrow('as is PEOPLESOFT_CHECK_EMPLID');
    expect(() => loadConfig({ SIS_ADAPTER: 'sample', PEOPLESOFT_BASE_URL: BASE })).toThrow(
      "PEOPLESOFT_* settings are the peoplesoft adapter's, but SIS_ADAPTER=sample",
    );
  });
});
