import { z } from 'zod';
import { isEmailAddress } from '../../contract/email-address.rules.js';
import { usernameSchema } from '../../contract/grants.schema.js';

const text = z.string().trim().max(255);

/** The claims the portal reads; anything else the provider sends is ignored. */
const claimsSchema = z.object({
  email: text.optional().catch(undefined),
  given_name: text.optional().catch(undefined),
  family_name: text.optional().catch(undefined),
  name: text.optional().catch(undefined),
});

const groupName = z.string().trim().min(1).max(255);
/** A groups claim is a list of names, or one name; anything else names no group. */
const groupsSchema = z
  .union([z.array(z.unknown()), groupName])
  .transform((v) =>
    (Array.isArray(v) ? v : [v]).flatMap((g) => {
      const parsed = groupName.safeParse(g);
      return parsed.success ? [parsed.data] : [];
    }),
  )
  .catch([]);

/** Who the identity provider says someone is: name, contact and groups. What they may do comes later. */
export interface SignInClaims {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  groups: string[];
}

/**
 * Reads a provider's claims: the username from `usernameClaim`, email and names, and the groups from
 * `groupsClaim`. Answers null when the claims carry no usable username. An email claim that is not
 * exactly one address (contract/email-address.rules.ts: a list, a display name, CR/LF) is kept as
 * no address at all, never as several, and told to `onRefusedEmail` for the log.
 */
export function signInClaims(
  claims: Record<string, unknown>,
  usernameClaim: string,
  groupsClaim: string,
  onRefusedEmail?: (value: string) => void,
): SignInClaims | null {
  const username = usernameSchema.safeParse(claims[usernameClaim]);
  if (!username.success) return null;
  const c = claimsSchema.parse(claims);
  const email = c.email && isEmailAddress(c.email) ? c.email : '';
  if (c.email && !email) onRefusedEmail?.(c.email);
  const [first = '', ...rest] = (c.name ?? '').split(/\s+/).filter(Boolean);
  return {
    username: username.data,
    email,
    first_name: c.given_name ?? first,
    last_name: c.family_name ?? rest.join(' '),
    groups: groupsSchema.parse(claims[groupsClaim]),
  };
}
