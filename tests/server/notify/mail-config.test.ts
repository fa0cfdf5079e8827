import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';

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
});
