import { z } from 'zod';
import type { SamlAttribute } from './saml-attributes.js';
import { SamlRefusedError } from './saml-request.js';

const text = z.object({ _: z.string().max(4096) }).or(z.string().max(4096));
const xmlValue = (v: z.infer<typeof text>) => (typeof v === 'string' ? v : v._);
/** The verified assertion as node-saml's xml2js reading gives it (prefixes stripped). */
const assertionSchema = z.object({
  Assertion: z.object({
    Issuer: z.array(text).min(1),
    Subject: z
      .array(
        z.object({
          NameID: z.array(text).optional(),
          SubjectConfirmation: z
            .array(
              z.object({
                $: z.object({ Method: z.string() }).optional(),
                SubjectConfirmationData: z
                  .array(z.object({ $: z.object({ Recipient: z.string().optional() }).optional() }))
                  .optional(),
              }),
            )
            .optional(),
        }),
      )
      .min(1),
    AttributeStatement: z
      .array(
        z.object({
          Attribute: z
            .array(
              z.object({
                $: z.object({ Name: z.string(), FriendlyName: z.string().optional() }),
                AttributeValue: z.array(z.unknown()).optional(),
              }),
            )
            .optional(),
        }),
      )
      .optional(),
  }),
});

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/**
 * The attributes of an assertion node-saml verified (as its xml2js reading gives it, checked with
 * its schema here, as it crossed a thread): it must come from the IdP and be for this portal's ACS.
 */
export function verifiedAttributes(
  verified: unknown,
  idpEntityId: string,
  acsUrl: string,
): SamlAttribute[] {
  const parsed = assertionSchema.safeParse(verified);
  if (!parsed.success) throw new SamlRefusedError('malformed', 'the assertion cannot be read');
  const assertion = parsed.data.Assertion;
  const [first] = assertion.Issuer;
  const issuer = first === undefined ? '' : xmlValue(first);
  if (issuer !== idpEntityId) {
    throw new SamlRefusedError('issuer', `the assertion is from ${issuer}`);
  }
  const bearers = (assertion.Subject[0]?.SubjectConfirmation ?? []).filter(
    (c) => c.$?.Method === BEARER,
  );
  const recipients = bearers.flatMap((c) =>
    (c.SubjectConfirmationData ?? []).map((d) => d.$?.Recipient),
  );
  if (!recipients.includes(acsUrl)) {
    throw new SamlRefusedError('recipient', `the assertion is for ${recipients.join(', ')}`);
  }
  return (assertion.AttributeStatement ?? [])
    .flatMap((s) => s.Attribute ?? [])
    .map((a) => ({
      name: a.$.Name,
      friendlyName: a.$.FriendlyName,
      values: (a.AttributeValue ?? []).flatMap((v) => {
        const value = text.safeParse(v);
        return value.success ? [xmlValue(value.data)] : [];
      }),
    }));
}
