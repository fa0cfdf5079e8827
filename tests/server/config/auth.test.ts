import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { startupReport } from '../../../server/startup-report.js';
import { makeKeyPair, tempFile } from '../helpers/saml-idp.js';

describe('SAML configuration', () => {
  let saml: Record<string, string>;
  let otherCert: string;

  beforeAll(() => {
    const keys = makeKeyPair('Campus Portal');
    otherCert = tempFile('other.crt', makeKeyPair('Someone else').cert);
    saml = {
      SAML_IDP_METADATA: tempFile('idp.xml', '<EntityDescriptor/>'),
      SAML_SP_KEY_FILE: tempFile('sp.key', keys.key),
      SAML_SP_CERT_FILE: tempFile('sp.crt', keys.cert),
      PUBLIC_ORIGIN: 'https://portal.campus.example.edu',
    };
  });

  it('turns SAML on with its defaults: entity id at the metadata address, eppn, isMemberOf, no SHA-1', () => {
    const config = loadConfig({ ...saml, NODE_ENV: 'production', ALLOW_SAMPLE_SIS: '1' });
    expect(config.demoSignIn).toBe(false);
    expect(config.saml).toMatchObject({
      entityId: 'https://portal.campus.example.edu/auth/saml/metadata',
      acsUrl: 'https://portal.campus.example.edu/auth/saml/acs',
      sloUrl: 'https://portal.campus.example.edu/auth/saml/slo',
      usernameAttribute: 'eduPersonPrincipalName',
      groupsAttribute: 'isMemberOf',
      allowSha1: false,
    });
  });

  it('accepts SHA-1 from the IdP with SAML_ALLOW_SHA1=1 only', () => {
    expect(loadConfig({ ...saml, SAML_ALLOW_SHA1: '1' }).saml?.allowSha1).toBe(true);
    expect(loadConfig({ ...saml, SAML_ALLOW_SHA1: '0' }).saml?.allowSha1).toBe(false);
    expect(() => loadConfig({ ...saml, SAML_ALLOW_SHA1: 'yes' })).toThrow(/SAML_ALLOW_SHA1/);
  });

  it.each(['SAML_IDP_METADATA', 'SAML_SP_KEY_FILE', 'SAML_SP_CERT_FILE', 'PUBLIC_ORIGIN'])(
    'refuses a half configuration: SAML without %s',
    (missing) => {
      const env = { ...saml };
      delete env[missing];
      expect(() => loadConfig(env)).toThrow(new RegExp(`SAML needs .*missing ${missing}`));
    },
  );

  it('refuses OpenID Connect and SAML together', () => {
    expect(() =>
      loadConfig({
        ...saml,
        OIDC_ISSUER: 'https://login.campus.example.edu/',
        OIDC_CLIENT_ID: 'portal',
        OIDC_REDIRECT_URI: 'https://portal.campus.example.edu/auth/callback',
      }),
    ).toThrow(/not both/);
  });

  it('refuses a certificate that is not the key pair’s', () => {
    expect(() => loadConfig({ ...saml, SAML_SP_CERT_FILE: otherCert })).toThrow(
      /SAML_SP_KEY_FILE is not the private key of SAML_SP_CERT_FILE/,
    );
  });

  it('refuses a metadata URL that is plain http off this machine', () => {
    expect(() =>
      loadConfig({ ...saml, SAML_IDP_METADATA: 'http://idp.campus.example.edu/metadata' }),
    ).toThrow(/SAML_IDP_METADATA must be a file path or an https URL/);
  });

  it('refuses a metadata file that cannot be read', () => {
    expect(() => loadConfig({ ...saml, SAML_IDP_METADATA: '/nonexistent/idp.xml' })).toThrow(
      /SAML_IDP_METADATA cannot be read/,
    );
  });

  it('shows the SAML settings in the start-up report, without the key', () => {
    const report = startupReport(
      loadConfig({
        ...saml,
        SAML_USERNAME_ATTRIBUTE: 'uid',
        SAML_GROUPS_ATTRIBUTE: 'eduPersonEntitlement',
      }),
    );
    const line = report.lines.find((l) => l.includes('sign-in:')) ?? '';
    expect(line).toContain(`SAML 2.0, IdP metadata from ${saml.SAML_IDP_METADATA}`);
    expect(line).toContain('entity id https://portal.campus.example.edu/auth/saml/metadata');
    expect(line).toContain('username from uid, groups from eduPersonEntitlement');
    expect(report.lines.join('\n')).not.toContain('PRIVATE KEY');
    expect(report.warnings.join('\n')).not.toMatch(/demo sign-in/);
  });

  it('warns when the SAML certificate expires within 30 days', () => {
    // The test certificate is valid for a day.
    const { warnings } = startupReport(loadConfig(saml));
    expect(warnings.join('\n')).toMatch(/SAML certificate .* expires/);
  });
});
