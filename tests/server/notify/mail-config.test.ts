import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { startupReport } from '../../../server/startup-report.js';

describe('email configuration (SMTP_URL, MAIL_FROM)', () => {
  it('without SMTP_URL email goes to the outbox, from the product name at the public host', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.edu' });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: '"Campus Portal" <no-reply@portal.example.edu>',
    });
  });

  it('reads an smtp:// or smtps:// SMTP_URL with credentials and MAIL_FROM', () => {
    for (const url of [
      'smtp://portal:secret@mail.example.edu:587',
      'smtps://portal:secret@mail.example.edu:465',
    ]) {
      const config = loadConfig({ SMTP_URL: url, MAIL_FROM: 'Reminders <r@example.edu>' });
      expect(config.mail).toEqual({ smtpUrl: url, from: 'Reminders <r@example.edu>' });
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
    expect(text).toContain(
      'email:    SMTP at smtps://portal@mail.example.edu:465, from r@example.edu',
    );
    expect(text).not.toContain('mail-password');
  });
});
