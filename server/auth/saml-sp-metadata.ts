import type { SamlConfig } from '../config.js';
import { SAML_ATTRIBUTES } from './saml-attributes.js';

const escapeXml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const certBody = (pem: string) =>
  pem
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .match(/.{1,64}/g)
    ?.join('\n') ?? '';

/** The attributes the portal asks for: the username's, the groups', and mail and names. */
function requestedAttributes(cfg: SamlConfig): [string, string, boolean][] {
  const wanted: [string, boolean][] = [
    [cfg.usernameAttribute, true],
    ['mail', false],
    ['givenName', false],
    ['sn', false],
    ['displayName', false],
    [cfg.groupsAttribute, false],
  ];
  const seen = new Set<string>();
  return wanted.flatMap(([name, required]) => {
    const oid = SAML_ATTRIBUTES[name as keyof typeof SAML_ATTRIBUTES] ?? name;
    if (name === 'NameID' || seen.has(oid)) return [];
    seen.add(oid);
    const friendly = oid === name ? '' : name;
    return [[oid, friendly, required]];
  });
}

/** The portal's metadata for the IdP team (SAML 2.0 metadata, unsigned). */
export function spMetadata(cfg: SamlConfig, productName: string): string {
  const key = (use: string) =>
    `    <md:KeyDescriptor use="${use}">
      <ds:KeyInfo>
        <ds:X509Data>
          <ds:X509Certificate>${certBody(cfg.certificate)}</ds:X509Certificate>
        </ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>`;
  const uri = 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri';
  const attributes = requestedAttributes(cfg)
    .map(
      ([oid, friendly, required]) =>
        `      <md:RequestedAttribute Name="${escapeXml(oid)}"${friendly ? ` FriendlyName="${escapeXml(friendly)}"` : ''} NameFormat="${uri}" isRequired="${required}"/>`,
    )
    .join('\n');
  const bindings = 'urn:oasis:names:tc:SAML:2.0:bindings';
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(cfg.entityId)}">
  <md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" AuthnRequestsSigned="true" WantAssertionsSigned="false">
${key('signing')}
${key('encryption')}
    <md:SingleLogoutService Binding="${bindings}:HTTP-Redirect" Location="${escapeXml(cfg.sloUrl)}"/>
    <md:AssertionConsumerService Binding="${bindings}:HTTP-POST" Location="${escapeXml(cfg.acsUrl)}" index="0" isDefault="true"/>
    <md:AttributeConsumingService index="0" isDefault="true">
      <md:ServiceName xml:lang="en">${escapeXml(productName)}</md:ServiceName>
${attributes}
    </md:AttributeConsumingService>
  </md:SPSSODescriptor>
</md:EntityDescriptor>
`;
}
