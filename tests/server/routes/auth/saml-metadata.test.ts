import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../helpers/app.js';
import { TestIdp, makeKeyPair, tempFile } from '../../helpers/saml-idp.js';

// A SAML app starts node-saml's worker thread (its TypeScript compiled on the way in tests): on a
// loaded two-core machine the first start took over 20 s, so these suites get a minute a test.
vi.setConfig({ testTimeout: 60_000 });

const fixtures = new URL('../../../fixtures/saml/', import.meta.url);
const require = createRequire(import.meta.url);
/** The schemas @authenio/samlify-node-xmllint ships (as modules exporting their text). */
const shipped = (name: string) => {
  const module: unknown = require(`@authenio/samlify-node-xmllint/build/schemas/${name}.js`);
  const text = (module as { default?: unknown }).default;
  if (typeof text !== 'string') throw new Error(`${name} is not shipped as text`);
  return { fileName: name, contents: text };
};

/** Validates against the SAML 2.0 metadata schema and the schemas it imports. */
function validateMetadata(xml: string) {
  return validateXML({
    xml: [{ fileName: 'metadata.xml', contents: xml }],
    schema: [
      {
        fileName: 'saml-schema-metadata-2.0.xsd',
        contents: readFileSync(new URL('saml-schema-metadata-2.0.xsd', fixtures), 'utf8'),
      },
    ],
    preload: [
      { fileName: 'xml.xsd', contents: readFileSync(new URL('xml.xsd', fixtures), 'utf8') },
      shipped('saml-schema-assertion-2.0.xsd'),
      shipped('xmldsig-core-schema.xsd'),
      shipped('xenc-schema.xsd'),
      shipped('XMLSchema.dtd'),
      shipped('datatypes.dtd'),
    ],
  });
}

describe('the portal SAML metadata', () => {
  let app: FastifyInstance;
  let keys: ReturnType<typeof makeKeyPair>;

  beforeAll(async () => {
    keys = makeKeyPair('Campus Portal');
    const idp = new TestIdp({
      entityId: 'https://idp.campus.test/idp/shibboleth',
      ssoUrl: 'https://idp.campus.test/sso',
    });
    app = await createTestApp({
      env: {
        SAML_IDP_METADATA: tempFile('idp.xml', idp.metadata()),
        SAML_SP_KEY_FILE: tempFile('sp.key', keys.key),
        SAML_SP_CERT_FILE: tempFile('sp.crt', keys.cert),
        PUBLIC_ORIGIN: 'https://portal.campus.test',
        SAML_GROUPS_ATTRIBUTE: 'eduPersonEntitlement',
      },
    });
  });
  afterAll(async () => app.close());

  it('is valid SAML 2.0 metadata by the OASIS schema', async () => {
    const answer = await app.inject({ url: '/auth/saml/metadata' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    const result = await validateMetadata(answer.body);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names the entity id, ACS, single logout, the certificate for signing and encryption, and the attributes', async () => {
    const xml = (await app.inject({ url: '/auth/saml/metadata' })).body;
    expect(xml).toContain('entityID="https://portal.campus.test/auth/saml/metadata"');
    expect(xml).toMatch(
      /<md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https:\/\/portal\.campus\.test\/auth\/saml\/acs"/,
    );
    expect(xml).toMatch(
      /<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https:\/\/portal\.campus\.test\/auth\/saml\/slo"/,
    );
    const body = keys.cert.replace(/-----[A-Z ]+-----|\s/g, '');
    const certs = [...xml.matchAll(/<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/g)].map((m) =>
      (m[1] ?? '').replace(/\s/g, ''),
    );
    expect(certs).toEqual([body, body]);
    expect(xml).toContain('<md:KeyDescriptor use="signing">');
    expect(xml).toContain('<md:KeyDescriptor use="encryption">');
    expect(xml).toContain(
      'Name="urn:oid:1.3.6.1.4.1.5923.1.1.1.6" FriendlyName="eduPersonPrincipalName"',
    );
    expect(xml).toContain(
      'Name="urn:oid:1.3.6.1.4.1.5923.1.1.1.7" FriendlyName="eduPersonEntitlement"',
    );
    expect(xml).toContain('Name="urn:oid:0.9.2342.19200300.100.1.3" FriendlyName="mail"');
  });

  it('is refused by the schema when it lacks what the schema requires (the check can fail)', async () => {
    const xml = (await app.inject({ url: '/auth/saml/metadata' })).body;
    const broken = xml.replace(/<md:AssertionConsumerService[^>]*\/>/, '');
    const result = await validateMetadata(broken);
    expect(result.valid).toBe(false);
  });
});
