import { describe, expect, it } from 'vitest';
import { SamlRefusedError } from '../../../server/auth/saml-request.js';
import {
  SAML_MAX_CHILDREN,
  SAML_MAX_DEPTH,
  SAML_MAX_ELEMENTS,
  SAML_XML_MAX_BYTES,
  samlShape,
} from '../../../server/auth/saml-shape.js';

const NS =
  'xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"';
const response = (inner: string, attrs = '') =>
  `<samlp:Response ${NS} ID="_r" InResponseTo="_q" Destination="https://portal/acs"${attrs}>${inner}</samlp:Response>`;

function refusal(xml: string, kind: 'Response' | 'LogoutRequest' = 'Response') {
  try {
    samlShape(xml, kind);
  } catch (err) {
    if (err instanceof SamlRefusedError) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('the shape of a SAML message, read once within bounds', () => {
  it('reads the values the routes check: ID, InResponseTo, Destination, status, signature algorithms', () => {
    const shape = samlShape(
      response(
        '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
          '<ds:Signature><ds:SignedInfo><ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>' +
          '<ds:Reference><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/></ds:Reference></ds:SignedInfo></ds:Signature>',
      ),
      'Response',
    );
    expect(shape).toMatchObject({
      id: '_r',
      inResponseTo: '_q',
      destination: 'https://portal/acs',
      status: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      algorithms: [
        'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        'http://www.w3.org/2001/04/xmlenc#sha256',
      ],
    });
  });

  it("does not take an encrypted key's OAEP digest for a signature's", () => {
    const shape = samlShape(
      response(
        '<saml:EncryptedAssertion><ds:EncryptionMethod><ds:DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/></ds:EncryptionMethod></saml:EncryptedAssertion>',
      ),
      'Response',
    );
    expect(shape.algorithms).toEqual([]);
  });

  it('reads a LogoutRequest: NameID, every SessionIndex, NotOnOrAfter', () => {
    const shape = samlShape(
      `<samlp:LogoutRequest ${NS} ID="_l" NotOnOrAfter="2030-01-01T00:00:00Z"><saml:Issuer>idp</saml:Issuer><saml:NameID>kp</saml:NameID><samlp:SessionIndex>a</samlp:SessionIndex><samlp:SessionIndex>b</samlp:SessionIndex></samlp:LogoutRequest>`,
      'LogoutRequest',
    );
    expect(shape).toMatchObject({
      id: '_l',
      nameId: 'kp',
      sessionIndexes: ['a', 'b'],
      notOnOrAfter: '2030-01-01T00:00:00Z',
    });
  });

  it.each([
    [
      'a DOCTYPE (no DTD, no entity)',
      `<!DOCTYPE x [<!ENTITY a "b">]>${response('&a;')}`,
      /DOCTYPE/,
    ],
    ['an entity XML does not define', response('&nbsp;'), /well-formed/],
    ['a processing instruction', `${response('<?evil x?>')}`, /processing instruction/],
    ['another root', '<Response/>', /not a SAML Response/],
    [
      'a SAML 1.0 root',
      '<p:Response xmlns:p="urn:oasis:names:tc:SAML:1.0:protocol"/>',
      /not a SAML/,
    ],
    [
      `over ${SAML_MAX_CHILDREN} children`,
      response('<a/>'.repeat(SAML_MAX_CHILDREN + 1)),
      /children/,
    ],
    [
      `deeper than ${SAML_MAX_DEPTH}`,
      response('<a>'.repeat(SAML_MAX_DEPTH) + '</a>'.repeat(SAML_MAX_DEPTH)),
      /deeper/,
    ],
    [
      `over ${SAML_MAX_ELEMENTS} elements`,
      response(`<b>${'<a/>'.repeat(900)}</b>`.repeat(5)),
      /elements/,
    ],
    ['over the byte bound', response(' '.repeat(SAML_XML_MAX_BYTES)), /bytes/],
  ])('refuses %s', (_name, xml, message) => {
    const err = refusal(xml);
    expect(err.reason).toBe('malformed');
    expect(err.message).toMatch(message);
  });

  it('accepts a document at the bounds: as many children and as deep as allowed', () => {
    expect(() => samlShape(response('<a/>'.repeat(SAML_MAX_CHILDREN)), 'Response')).not.toThrow();
    const depth = SAML_MAX_DEPTH - 1;
    expect(() =>
      samlShape(response('<a>'.repeat(depth) + '</a>'.repeat(depth)), 'Response'),
    ).not.toThrow();
  });
});
