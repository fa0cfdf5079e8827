import type { SignInClaims } from './claims.js';
import { signInClaims } from './claims.js';

/**
 * The attributes the portal reads, by friendly name and by the OID name Shibboleth releases them
 * under (urn:oid:…, the SAML 2.0 attribute profile of eduPerson and inetOrgPerson).
 */
export const SAML_ATTRIBUTES = {
  eduPersonPrincipalName: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
  uid: 'urn:oid:0.9.2342.19200300.100.1.1',
  mail: 'urn:oid:0.9.2342.19200300.100.1.3',
  givenName: 'urn:oid:2.5.4.42',
  sn: 'urn:oid:2.5.4.4',
  displayName: 'urn:oid:2.16.840.1.113730.3.1.241',
  isMemberOf: 'urn:oid:1.3.6.1.4.1.5923.1.5.1.1',
  eduPersonEntitlement: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.7',
} as const;

/** The username from the subject's NameID instead of an attribute (`SAML_USERNAME_ATTRIBUTE=NameID`). */
export const NAME_ID = 'NameID';

/** One attribute of a verified assertion: its Name, FriendlyName and text values. */
export interface SamlAttribute {
  name: string;
  friendlyName: string | undefined;
  values: string[];
}

const MAX_VALUES = 1000;

/** The names one wanted attribute goes by: given a friendly name or an OID, both. */
function namesOf(wanted: string): Set<string> {
  const names = new Set([wanted]);
  for (const [friendly, oid] of Object.entries(SAML_ATTRIBUTES)) {
    if (wanted === friendly || wanted === oid) {
      names.add(friendly);
      names.add(oid);
    }
  }
  return names;
}

/** The values of the attribute known as `wanted`, matched by Name or FriendlyName. */
export function attributeValues(attributes: readonly SamlAttribute[], wanted: string): string[] {
  const names = namesOf(wanted);
  return attributes
    .filter((a) => names.has(a.name) || (a.friendlyName !== undefined && names.has(a.friendlyName)))
    .flatMap((a) => a.values)
    .slice(0, MAX_VALUES);
}

/**
 * Who the identity provider says someone is, as the OIDC claims say it (claims.ts checks both the
 * same way): the username from `usernameAttribute` (or the NameID), mail, givenName, sn (displayName
 * when they are missing), and the groups from `groupsAttribute`. Null without a usable username.
 */
export function samlSignInClaims(
  subject: { nameId: string | undefined; attributes: readonly SamlAttribute[] },
  options: { usernameAttribute: string; groupsAttribute: string },
  onRefusedEmail?: (value: string) => void,
): SignInClaims | null {
  const first = (wanted: string) => attributeValues(subject.attributes, wanted)[0];
  const usernames =
    options.usernameAttribute === NAME_ID
      ? [subject.nameId].filter((v) => v !== undefined)
      : attributeValues(subject.attributes, options.usernameAttribute);
  // A person is one username: several values name no one in particular.
  if (usernames.length !== 1) return null;
  const claims: Record<string, unknown> = {
    username: usernames[0],
    email: first('mail'),
    given_name: first('givenName'),
    family_name: first('sn'),
    name: first('displayName'),
    groups: attributeValues(subject.attributes, options.groupsAttribute),
  };
  return signInClaims(claims, 'username', 'groups', onRefusedEmail);
}
