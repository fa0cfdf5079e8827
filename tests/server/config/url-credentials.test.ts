import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { ConfigError, parseEnv } from '../../../server/config/env.js';
import { printableUrl } from '../../../server/net/printable-url.js';
import { startupReport } from '../../../server/startup-report.js';

const refusal = (env: Record<string, string>) => {
  try {
    parseEnv(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return null;
};

describe('URL settings that hold a password', () => {
  it('refuses ETHOS_BASE_URL=https://u:p@host/ in one line naming the variable, never echoing the password', () => {
    const message = refusal({ ETHOS_BASE_URL: 'https://u:p4ssw0rd@ethos.campus.example.edu/' });
    expect(message).toMatch(
      /ETHOS_BASE_URL: must not hold a user name or password: the secret has its own setting/,
    );
    expect(message).not.toContain('p4ssw0rd');
  });

  it.each([
    ['SIS_BASE_URL', 'https://sis:pw@sis.campus.example.edu/api/'],
    ['OIDC_ISSUER', 'https://client:pw@login.campus.example.edu/'],
    ['OIDC_REDIRECT_URI', 'https://me@portal.campus.example.edu/auth/callback'],
    ['OIDC_POST_LOGOUT_REDIRECT_URI', 'https://me:pw@portal.campus.example.edu/'],
    ['PUBLIC_ORIGIN', 'https://me:pw@portal.campus.example.edu'],
    ['CANVAS_URL', 'https://admin:pw@canvas.campus.example.edu'],
    ['TWILIO_API_URL', 'https://AC:token@api.twilio.com'],
    ['SAML_IDP_METADATA', 'https://me:pw@idp.campus.example.edu/metadata'],
    ['VAPID_SUBJECT', 'https://me:pw@portal.campus.example.edu/'],
  ])('refuses %s with a user part', (name, value) => {
    expect(refusal({ [name]: value })).toContain(`${name}: must not hold a user name or password`);
  });

  it('keeps DATABASE_URL, REDIS_URL and SMTP_URL with their sign-in, and a mailto: subject', () => {
    expect(
      refusal({
        DATABASE_URL: 'postgres://portal:db-password@db.campus.example.edu:5432/portal',
        REDIS_URL: 'rediss://default:redis-password@cache.campus.example.edu:6380',
        SMTP_URL: 'smtps://portal:mail-password@mail.campus.example.edu:465',
        VAPID_SUBJECT: 'mailto:portal@campus.example.edu',
      }),
    ).toBeNull();
  });
});

describe('printing an address', () => {
  it('drops the user part and blanks a password or key in the query', () => {
    expect(printableUrl('postgres://portal:db-password@db.example.edu:5432/portal')).toBe(
      'postgres://db.example.edu:5432/portal',
    );
    expect(printableUrl('postgresql://db.example.edu/portal?user=p&password=s3cret')).toBe(
      'postgresql://db.example.edu/portal?user=p&password=***',
    );
    expect(printableUrl('https://integrate.elluciancloud.com')).toBe(
      'https://integrate.elluciancloud.com',
    );
    expect(printableUrl('not an address: pw')).toBe('(unreadable address)');
  });

  it('the start-up report never holds the password of DATABASE_URL or REDIS_URL, however it is written', () => {
    for (const [database, redis] of [
      [
        'postgres://portal:db-password@db.campus.example.edu:5432/portal',
        'redis://:redis-password@cache.campus.example.edu:6379',
      ],
      [
        'postgresql://db.campus.example.edu/portal?user=portal&password=db-password',
        'rediss://default:redis-password@cache.campus.example.edu:6380/0',
      ],
    ] as const) {
      const { lines, warnings } = startupReport(
        loadConfig({ DATABASE_URL: database, REDIS_URL: redis }),
      );
      const text = [...lines, ...warnings].join('\n');
      expect(text).toContain('PostgreSQL at postgres');
      expect(text).toContain('cache.campus.example.edu');
      expect(text).not.toMatch(/db-password|redis-password|portal@|default@/);
    }
  });
});
