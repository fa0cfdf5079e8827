import { describe, expect, it } from 'vitest';
import { attributeValues, samlSignInClaims } from '../../../server/auth/saml-attributes.js';
import type { SamlAttribute } from '../../../server/auth/saml-attributes.js';

const byOid: SamlAttribute[] = [
  {
    name: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
    friendlyName: 'eduPersonPrincipalName',
    values: ['kparker@campus.test'],
  },
  { name: 'urn:oid:0.9.2342.19200300.100.1.1', friendlyName: undefined, values: ['kparker'] },
  {
    name: 'urn:oid:0.9.2342.19200300.100.1.3',
    friendlyName: undefined,
    values: ['kparker@campus.test'],
  },
  { name: 'urn:oid:2.5.4.42', friendlyName: undefined, values: ['Kim'] },
  { name: 'urn:oid:2.5.4.4', friendlyName: undefined, values: ['Parker'] },
  {
    name: 'urn:oid:1.3.6.1.4.1.5923.1.5.1.1',
    friendlyName: undefined,
    values: ['portal-staff', 'campus-everyone'],
  },
];
const defaults = { usernameAttribute: 'eduPersonPrincipalName', groupsAttribute: 'isMemberOf' };

describe('SAML attributes to sign-in claims', () => {
  it('reads each attribute by its OID name when asked by friendly name', () => {
    expect(samlSignInClaims({ nameId: 'n', attributes: byOid }, defaults)).toEqual({
      username: 'kparker@campus.test',
      email: 'kparker@campus.test',
      first_name: 'Kim',
      last_name: 'Parker',
      groups: ['portal-staff', 'campus-everyone'],
    });
  });

  it('reads an attribute released by its friendly name only, asked by OID', () => {
    const attributes = [{ name: 'uid', friendlyName: undefined, values: ['kparker'] }];
    expect(attributeValues(attributes, 'urn:oid:0.9.2342.19200300.100.1.1')).toEqual(['kparker']);
    expect(attributeValues(attributes, 'mail')).toEqual([]);
  });

  it('takes the username from uid or from the NameID as configured', () => {
    const uid = samlSignInClaims(
      { nameId: 'n', attributes: byOid },
      { ...defaults, usernameAttribute: 'uid' },
    );
    expect(uid?.username).toBe('kparker');
    const nameId = samlSignInClaims(
      { nameId: 'AAdz', attributes: byOid },
      { ...defaults, usernameAttribute: 'NameID' },
    );
    expect(nameId?.username).toBe('AAdz');
  });

  it('names nobody without a username, or with several', () => {
    expect(samlSignInClaims({ nameId: 'n', attributes: byOid.slice(1) }, defaults)).toBeNull();
    const twice = [{ ...byOid[0], values: ['a@campus.test', 'b@campus.test'] } as SamlAttribute];
    expect(samlSignInClaims({ nameId: 'n', attributes: twice }, defaults)).toBeNull();
  });

  it('takes groups from eduPersonEntitlement when so configured', () => {
    const attributes = [
      ...byOid.slice(0, 1),
      {
        name: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.7',
        friendlyName: undefined,
        values: ['portal-superusers'],
      },
    ];
    const claims = samlSignInClaims(
      { nameId: 'n', attributes },
      { ...defaults, groupsAttribute: 'eduPersonEntitlement' },
    );
    expect(claims?.groups).toEqual(['portal-superusers']);
  });

  it('keeps no email that is not exactly one address, and says so', () => {
    const refused: string[] = [];
    const attributes = [
      ...byOid.slice(0, 1),
      { name: 'mail', friendlyName: undefined, values: ['kp@campus.test, eve@evil.example'] },
    ];
    expect(
      samlSignInClaims({ nameId: 'n', attributes }, defaults, (v) => refused.push(v))?.email,
    ).toBe('');
    expect(refused).toEqual(['kp@campus.test, eve@evil.example']);
  });
});
