import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { startupReport } from '../../../server/startup-report.js';
import { privateCa } from './smtp-sink.js';

describe('email configuration (SMTP_URL, MAIL_FROM)', () => {
  it('without SMTP_URL email goes to the outbox, from the product name at the public host', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.edu' });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: '"Campus Portal" <no-reply@portal.example.edu>',
      poolSize: 5,
      ca: undefined,
      unsubscribeLinkDays: 90,
    });
  });

  it('reads an smtp:// or smtps:// SMTP_URL with credentials and MAIL_FROM', () => {
    for (const url of [
      'smtp://portal:secret@mail.example.edu:587',
      'smtps://portal:secret@mail.example.edu:465',
    ]) {
      const config = loadConfig({ SMTP_URL: url, MAIL_FROM: 'Reminders <r@example.edu>' });
      expect(config.mail).toMatchObject({ smtpUrl: url, from: 'Reminders <r@example.edu>' });
    }
  });

  it('names SMTP_URL when it is not an SMTP URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.edu' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.edu' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it('the start-up report says where email goes: the outbox by default, else the SMTP server without its password', () => {
    expect(startupReport(loadConfig({})).lines.join('\n')).toMatch(
      /email: +kept in the outbox at \/admin\/outbox, not delivered/,
    );
    const text = startupReport(
      loadConfig({
        SMTP_URL: 'smtps://portal:mail-password@mail.example.edu:465',
        MAIL_FROM: 'r@example.edu',
      }),
    ).lines.join('\n');
    expect(text).toContain('email:    SMTP at smtps://mail.example.edu:465, from r@example.edu');
    expect(text).not.toContain('mail-password');
  });
});

describe('the campus CA for the SMTP server (SMTP_CA_FILE) and the pool (SMTP_POOL_SIZE)', () => {
  const ca = privateCa();
  afterAll(() => ca.remove());
  const SMTP_URL = 'smtp://portal:secret@mail.campus.example.edu:587';

  it('reads the PEM at start and the start-up report (also printed by --check) names it and its subject', () => {
    const config = loadConfig({ SMTP_URL, SMTP_CA_FILE: ca.caFile, SMTP_POOL_SIZE: '3' });
    expect(config.mail.ca?.pems).toHaveLength(1);
    expect(config.mail.poolSize).toBe(3);
    const text = startupReport(config).lines.join('\n');
    expect(text).toContain('3 pooled connection(s)');
    expect(text).toMatch(
      new RegExp(
        `mail TLS: the public roots and the CA in ${ca.caFile}: CN=Test Campus Root CA \\(until \\d{4}-\\d{2}-\\d{2}\\)`,
      ),
    );
  });

  it('without it the report says only the public roots are trusted, and how to add a CA', () => {
    expect(startupReport(loadConfig({ SMTP_URL })).lines.join('\n')).toContain(
      'mail TLS: the public roots (set SMTP_CA_FILE to trust a campus CA)',
    );
  });

  it('a file that cannot be read, holds no certificate or a broken one stops the start with its reason', () => {
    const dir = path.dirname(ca.caFile);
    const key = path.join(dir, 'server.key');
    const broken = path.join(dir, 'broken.pem');
    writeFileSync(
      broken,
      '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n',
    );
    const cases: [string, RegExp][] = [
      [path.join(dir, 'missing.pem'), /SMTP_CA_FILE: cannot read .*missing\.pem/],
      [key, /SMTP_CA_FILE: .*server\.key holds no PEM certificate/],
      [broken, /SMTP_CA_FILE: certificate 1 of .*broken\.pem cannot be parsed/],
    ];
    for (const [file, reason] of cases) {
      expect(() => loadConfig({ SMTP_URL, SMTP_CA_FILE: file })).toThrow(ConfigError);
      expect(() => loadConfig({ SMTP_URL, SMTP_CA_FILE: file })).toThrow(reason);
    }
  });

  it('SMTP_POOL_SIZE is a whole number from 1 to 50', () => {
    expect(() => loadConfig({ SMTP_POOL_SIZE: '0' })).toThrow(/SMTP_POOL_SIZE/);
    expect(() => loadConfig({ SMTP_POOL_SIZE: 'many' })).toThrow(/SMTP_POOL_SIZE/);
  });
});
