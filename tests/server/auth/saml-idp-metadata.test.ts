import { describe, expect, it } from 'vitest';
import { IdpMetadataError, parseIdpMetadata } from '../../../server/auth/saml-idp-metadata.js';
import { TestIdp, makeKeyPair } from '../helpers/saml-idp.js';

const IDP = 'https://idp.campus.test/idp/shibboleth';

describe('reading the IdP metadata', () => {
  const keys = makeKeyPair('IdP');
  const next = makeKeyPair('IdP next');

  it('takes the entity id, the HTTP-Redirect sign-on and logout services and the signing certificate', async () => {
    const idp = new TestIdp({
      entityId: IDP,
      ssoUrl: 'https://idp.campus.test/sso',
      sloUrl: 'https://idp.campus.test/slo',
      keys,
    });
    const read = await parseIdpMetadata(idp.metadata());
    expect(read).toMatchObject({
      entityId: IDP,
      ssoUrl: 'https://idp.campus.test/sso',
      sloUrl: 'https://idp.campus.test/slo',
    });
    expect(read.signingCerts).toHaveLength(1);
  });

  it('trusts both certificates of a rollover', async () => {
    const idp = new TestIdp({
      entityId: IDP,
      ssoUrl: 'https://idp.campus.test/sso',
      keys,
      extraCerts: [next.cert],
    });
    const read = await parseIdpMetadata(idp.metadata());
    expect(read.signingCerts).toHaveLength(2);
    expect(read.sloUrl).toBeUndefined();
  });

  it('takes the one IdP of an EntitiesDescriptor', async () => {
    const one = new TestIdp({ entityId: IDP, ssoUrl: 'https://idp.campus.test/sso', keys })
      .metadata()
      .replace(/^<\?xml[^>]*>/, '');
    const wrapped = `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${one}</EntitiesDescriptor>`;
    expect((await parseIdpMetadata(wrapped)).entityId).toBe(IDP);
  });

  it('refuses metadata without an https sign-on service, or that is not metadata', async () => {
    const plain = new TestIdp({ entityId: IDP, ssoUrl: 'http://idp.campus.test/sso', keys });
    await expect(parseIdpMetadata(plain.metadata())).rejects.toThrow(IdpMetadataError);
    await expect(parseIdpMetadata('<html><body>Sign in</body></html>')).rejects.toThrow(
      IdpMetadataError,
    );
    await expect(parseIdpMetadata('not xml at all <')).rejects.toThrow(IdpMetadataError);
  });

  it('reads prefixed metadata (md:, ds:) as plain, and never expands an entity a DOCTYPE declares', async () => {
    const plain = new TestIdp({ entityId: IDP, ssoUrl: 'https://idp.campus.test/sso', keys })
      .metadata()
      .replace(/^<\?xml[^>]*>/, '');
    const prefixed = plain
      .replace(/<(\/?)(?!ds:)([A-Za-z]+)/g, '<$1md:$2')
      .replace(
        'xmlns="urn:oasis:names:tc:SAML:2.0:metadata"',
        'xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"',
      );
    expect((await parseIdpMetadata(prefixed)).ssoUrl).toBe('https://idp.campus.test/sso');

    const laughs = `<!DOCTYPE md [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>${plain.replace(
      IDP,
      '&lol2;',
    )}`;
    await expect(parseIdpMetadata(laughs)).rejects.toThrow(IdpMetadataError);
  });

  it('refuses a document with more elements than any one identity provider’s metadata', async () => {
    const many = `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${'<x/>'.repeat(20_001)}</EntitiesDescriptor>`;
    await expect(parseIdpMetadata(many)).rejects.toThrow('larger than one identity provider');
  });
});
